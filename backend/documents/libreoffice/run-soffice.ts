import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { CPU_POLL_MS, watchTask } from '../../processes/task-watch';
import { isolatedCommand, type LibreOfficePrograms } from './isolated-command';
import { writeSofficeProfile } from './soffice-profile';

export interface SofficeLimits {
  /** Processor time of soffice's processes: past this, the whole process tree is killed. */
  timeoutMs: number;
  /** Wall-clock time past which it is killed all the same (a backstop). */
  maxWallMs: number;
  /** Address space of each of its processes. */
  maxMemoryMb: number;
  /** A PDF larger than this is not read. */
  maxPdfBytes: number;
}

/** How a run of soffice ended; `detail` is for the log, never for the applicant. */
export type SofficeOutcome =
  | { kind: 'pdf'; pdf: Buffer }
  | { kind: 'timed-out' }
  | { kind: 'pdf-too-large'; bytes: number }
  | { kind: 'no-pdf'; detail: string };

const SEARCH_PATH = '/usr/local/bin:/usr/bin:/bin';
/** How much of soffice's output is kept for the log. */
const OUTPUT_TAIL = 2048;

/**
 * Converts one Word document in `dir` with soffice --headless --convert-to pdf, fenced in as
 * isolatedCommand says, with a profile of its own, and a home and temporary folder inside `dir`.
 * soffice is started in a process group of its own; at the time limit the group is killed, and
 * unshare's death (--kill-child) takes the rest of its PID namespace with it.
 */
export async function runSoffice(programs: LibreOfficePrograms, dir: string, docx: Uint8Array, limits: SofficeLimits): Promise<SofficeOutcome> {
  const input = path.join(dir, 'document.docx');
  const outDir = path.join(dir, 'out');
  const home = path.join(dir, 'home');
  await Promise.all([fs.writeFile(input, docx), fs.mkdir(outDir), fs.mkdir(home)]);
  const profile = await writeSofficeProfile(path.join(dir, 'profile'));
  const soffice = [programs.soffice, '--headless', '--invisible', '--nologo', '--nodefault', '--norestore', '--nolockcheck', `-env:UserInstallation=${profile}`, '--convert-to', 'pdf:writer_pdf_Export', '--outdir', outDir, input];
  const [command, ...args] = isolatedCommand(programs, { maxMemoryMb: limits.maxMemoryMb, maxCpuSeconds: Math.ceil(limits.timeoutMs / 1000) + 1 }, soffice);
  const child = spawn(command!, args, {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Nothing of the sandbox's environment: its own home, temporary folder, locale and search path (soffice's launcher is a shell script).
    env: { PATH: SEARCH_PATH, HOME: home, TMPDIR: dir, LANG: 'C.UTF-8' },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_TAIL);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let timedOut = false;
  const watch = watchTask(child.pid!, { cpuMs: limits.timeoutMs, wallMs: limits.maxWallMs }, { pollMs: CPU_POLL_MS, cpuPollMs: 0 }, () => {
    timedOut = true;
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  });
  const exit = await new Promise<string>((resolve) => {
    child.once('error', (error) => resolve(error.message));
    child.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `exit code ${code}`));
  });
  watch.stop();
  if (timedOut) return { kind: 'timed-out' };
  const pdfPath = path.join(outDir, 'document.pdf');
  const stat = await fs.stat(pdfPath).catch(() => null);
  if (!stat?.isFile()) return { kind: 'no-pdf', detail: `soffice wrote no PDF (${exit})\n${output.trim()}` };
  if (stat.size > limits.maxPdfBytes) return { kind: 'pdf-too-large', bytes: stat.size };
  return { kind: 'pdf', pdf: await fs.readFile(pdfPath) };
}
