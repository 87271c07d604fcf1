import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSupervised, type SupervisedProcess } from '../../processes/process-supervisor';
import { CPU_POLL_MS } from '../../processes/task-watch';
import { isolatedCommand, type LibreOfficePrograms } from './isolated-command';
import type { SofficeLimits, SofficeOutcome } from './run-soffice';
import { writeSofficeProfile } from './soffice-profile';
import { makeWorkDir, removeWorkDir } from './work-dir';

const HELPER = fileURLToPath(new URL('./office-helper.py', import.meta.url));
const SEARCH_PATH = '/usr/local/bin:/usr/bin:/bin';
/** How long soffice may take to start and accept the helper's connection. */
const START_TIMEOUT_MS = 60_000;
/** How much of the helper's and soffice's standard error is kept for the log. */
const STDERR_TAIL = 2048;

export interface WarmOfficeLimits extends SofficeLimits {
  /** Documents one soffice converts before it is replaced. */
  documentsPerOffice: number;
  /** Resident memory of the soffice tree past which it is replaced after its document. */
  maxRssMb: number;
}

/**
 * What a warm conversion came to. `office-failed`: soffice could not convert it (it crashed, or
 * could not load it); the office is stopped, and the caller converts the document in a soffice of
 * its own, so a warm office never decides a document's fate by itself failing.
 */
export type WarmOutcome = Exclude<SofficeOutcome, { kind: 'no-pdf' }> | { kind: 'office-failed'; detail: string };

interface Reply {
  ok?: boolean;
  ready?: boolean;
  error?: string;
}

/** One soffice kept running, with its helper (office-helper.py), its own profile and folders. */
interface Office {
  /** The helper, which starts soffice: supervised as one tree, in a process group of its own. */
  process: SupervisedProcess;
  dir: string;
  /** The Unix socket soffice listens on. */
  socket: string;
  stderr: string;
  /** Resolves with the next line the helper writes, or null when it ends. */
  nextReply(): Promise<Reply | null>;
}

function lines(child: ChildProcess): () => Promise<Reply | null> {
  const ready: (Reply | null)[] = [];
  const waiting: ((reply: Reply | null) => void)[] = [];
  let buffered = '';
  const push = (reply: Reply | null) => {
    const waiter = waiting.shift();
    if (waiter) waiter(reply);
    else ready.push(reply);
  };
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      try {
        push(JSON.parse(line) as Reply);
      } catch {
        push({ ok: false, error: `not a reply: ${line.slice(0, 200)}` });
      }
    }
  });
  child.once('exit', () => push(null));
  return () => (ready.length > 0 ? Promise.resolve(ready.shift()!) : new Promise((resolve) => waiting.push(resolve)));
}

function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(onTimeout), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Where LibreOffice makes its pipes' sockets (osl's pipe code: /tmp whatever TMPDIR says), and the prefix of ours. */
const SOCKET_DIR = '/tmp';
const SOCKET_PREFIX = 'OSL_PIPE_0_gradapp-';

/**
 * Removes the sockets of warm offices that are gone: one killed with its sandbox process (the
 * pool kills an idle or retired one) leaves its socket behind. A socket nobody listens on refuses
 * a connection; a live office's accepts it, and is left alone.
 */
async function removeStaleSockets(): Promise<void> {
  const names = (await fs.readdir(SOCKET_DIR).catch(() => [] as string[])).filter((name) => name.startsWith(SOCKET_PREFIX));
  await Promise.all(
    names.map(async (name) => {
      const socket = path.join(SOCKET_DIR, name);
      const refused = await new Promise<boolean>((resolve) => {
        const probe = net.connect(socket);
        probe.once('connect', () => {
          probe.destroy();
          resolve(false);
        });
        probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
      });
      if (refused) await fs.rm(socket, { force: true });
    }),
  );
}

/**
 * A soffice kept running between documents in this sandbox process (docs/decisions.md, "Word
 * documents through a warm LibreOffice"), driven through UNO by office-helper.py, inside the same
 * fence as a cold one (isolatedCommand: no network, its own PID namespace, an address-space cap,
 * dies with this process) and with nothing of the server's environment. It has a profile, home
 * and temporary folder of its own, made fresh when it starts; each document is written to a
 * folder of its own that is removed as soon as its PDF is read. It is replaced after a number of
 * documents, when its memory grows past a limit, and after any failure or time-out.
 */
export function createWarmOffice(programs: LibreOfficePrograms & { unoPython: string }) {
  /** The office running, or starting. */
  let office: Promise<Office> | null = null;
  let running: Office | null = null;

  /** Starts the next office now, so the next document does not wait for it (not after a time-out: its document was slow). */
  function startNext(limits: WarmOfficeLimits): void {
    office = start(limits);
    office.catch(() => {
      office = null;
    });
  }

  async function start(limits: WarmOfficeLimits): Promise<Office> {
    await removeStaleSockets();
    const dir = makeWorkDir();
    const home = path.join(dir, 'home');
    const tmp = path.join(dir, 'tmp');
    await Promise.all([fs.mkdir(home), fs.mkdir(tmp), fs.mkdir(path.join(dir, 'documents'))]);
    const profile = await writeSofficeProfile(path.join(dir, 'profile'));
    // The pipe is a Unix socket soffice makes in /tmp under this name: unguessable, and never reused.
    const pipe = `gradapp-${randomUUID().replaceAll('-', '')}`;
    // The processor-time cap is the office's whole life's: every document's limit, and its start.
    const maxCpuSeconds = Math.ceil(((limits.documentsPerOffice + 1) * limits.timeoutMs + START_TIMEOUT_MS) / 1000);
    const [command, ...args] = isolatedCommand(programs, { maxMemoryMb: limits.maxMemoryMb, maxCpuSeconds }, [programs.unoPython, HELPER, programs.soffice, profile, pipe]);
    // Replaced after its share of documents, or once its tree (helper, soffice's launcher, soffice.bin) holds too much memory.
    const supervised = startSupervised(
      () =>
        spawn(command!, args, {
          cwd: dir,
          detached: true,
          stdio: ['pipe', 'pipe', 'pipe'],
          env: { PATH: SEARCH_PATH, HOME: home, TMPDIR: tmp, LANG: 'C.UTF-8' },
        }),
      { tasksPerProcess: limits.documentsPerOffice, maxTreeRssBytes: limits.maxRssMb * 1024 * 1024, ownGroup: true, polls: { pollMs: CPU_POLL_MS, cpuPollMs: 0 } },
    );
    const { child } = supervised;
    child.on('error', () => {});
    child.stdin!.on('error', () => {});
    // LibreOffice names it after the user as seen inside the namespace (root, --map-root-user).
    const started: Office = { process: supervised, dir, socket: path.join(SOCKET_DIR, `OSL_PIPE_0_${pipe}`), stderr: '', nextReply: lines(child) };
    child.stderr!.on('data', (chunk: Buffer) => {
      started.stderr = (started.stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    const ready = await withTimeout(started.nextReply(), START_TIMEOUT_MS, null);
    if (!ready?.ready) {
      stop(started);
      throw new Error(`The warm LibreOffice did not start: ${started.stderr.trim()}`);
    }
    running = started;
    return started;
  }

  /** Kills the office's whole tree (its PID namespace goes with the helper) and removes its folder. */
  function stop(stopped: Office): void {
    if (running === stopped) {
      running = null;
      office = null;
    }
    void stopped.process.stop();
    removeWorkDir(stopped.dir);
    // A killed soffice leaves its socket behind.
    void fs.rm(stopped.socket, { force: true });
  }

  return {
    /**
     * Starts the office now, where none is running or starting, so the first document finds it up;
     * resolves when it has started or failed to (the document that needs it then starts another).
     */
    async prepare(limits: WarmOfficeLimits): Promise<void> {
      if (!office) startNext(limits);
      await office?.catch(() => {});
    },
    /** The document as a PDF through the warm soffice, started first if there is none. */
    async convert(docx: Uint8Array, limits: WarmOfficeLimits): Promise<WarmOutcome> {
      let current: Office;
      try {
        current = await (office ??= start(limits));
      } catch (error) {
        office = null;
        return { kind: 'office-failed', detail: (error as Error).message };
      }
      const documentDir = path.join(current.dir, 'documents', randomUUID());
      try {
        await fs.mkdir(documentDir);
        const input = path.join(documentDir, 'document.docx');
        const output = path.join(documentDir, 'document.pdf');
        await fs.writeFile(input, docx);
        current.process.child.stdin!.write(`${JSON.stringify({ input, output })}\n`);
        // The limit is soffice's processor time on this document, not the time it waits for the processor on a busy machine.
        let stopWatching = () => {};
        const overLimit = new Promise<'timed-out'>((resolve) => {
          stopWatching = current.process.watch({ cpuMs: limits.timeoutMs, wallMs: limits.maxWallMs }, () => resolve('timed-out')).stop;
        });
        const reply = await Promise.race([current.nextReply(), overLimit]).finally(() => stopWatching());
        if (reply === 'timed-out') {
          stop(current);
          return { kind: 'timed-out' };
        }
        if (!reply?.ok) {
          const detail = reply ? (reply.error ?? 'no reason given') : `the helper ended\n${current.stderr.trim()}`;
          stop(current);
          startNext(limits);
          return { kind: 'office-failed', detail };
        }
        current.process.served();
        const stat = await fs.stat(output).catch(() => null);
        if (!stat?.isFile()) {
          stop(current);
          return { kind: 'office-failed', detail: 'soffice wrote no PDF' };
        }
        if (stat.size > limits.maxPdfBytes) return { kind: 'pdf-too-large', bytes: stat.size };
        return { kind: 'pdf', pdf: await fs.readFile(output) };
      } finally {
        await fs.rm(documentDir, { recursive: true, force: true });
        if (running === current && current.process.dueForReplacement()) {
          stop(current);
          startNext(limits);
        }
      }
    },
  };
}

export type WarmOffice = ReturnType<typeof createWarmOffice>;
