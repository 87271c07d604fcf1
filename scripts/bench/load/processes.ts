import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createProcessStore, freePort, startBackendProcess, type BackendProcess, type ProcessStore } from '../../support/backend-process';
import type { TestDialect } from '../../support/databases';
import { childPids, residentBytesNow } from '../../../backend/processes/process-memory';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export interface HelloProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** A bare Koa server of `script` (scripts/bench/load/) in a process of its own, once it answers. */
export async function startKoaProcess(script: string, port: number, env: NodeJS.ProcessEnv = {}): Promise<HelloProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', `scripts/bench/load/${script}`], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 30_000; ; ) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    if (await fetch(url).then((response) => response.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error(`${script} did not answer within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The bare Koa 'hello' server in a process of its own, once it answers. */
export const startHelloProcess = (port: number) => startKoaProcess('hello-koa.ts', port);

/**
 * The real backend (production settings and `env`) over a fresh store of `dialect`, for `work`; then
 * stopped and the store dropped; `args` are node's (the entry point by default). What the backend wrote to stderr is printed when `work` throws.
 */
export async function withBackend<T>(
  dialect: TestDialect,
  env: NodeJS.ProcessEnv,
  args: string[] | undefined,
  work: (backend: BackendProcess, store: ProcessStore) => Promise<T>,
): Promise<T> {
  const store = await createProcessStore(dialect);
  const backend = await startBackendProcess(store, await freePort(), 30_000, { NODE_ENV: 'production', LOG_LEVEL: 'info', TRUST_PROXY: 'true', ...env }, args);
  try {
    return await work(backend, store);
  } catch (error) {
    console.error(backend.stderr());
    throw error;
  } finally {
    await backend.kill();
    await store.drop();
  }
}

/** A process's resident memory in bytes, with its children's when asked (the server's sandbox processes). */
export function residentBytes(pid: number, withChildren = false): number | null {
  const own = residentBytesNow(pid);
  if (own === null || !withChildren) return own;
  return childPids(pid).reduce((sum, child) => sum + (residentBytesNow(child) ?? 0), own);
}

export interface MemorySampler {
  /** The largest resident size seen since the last reset, in bytes. */
  peak(): number;
  reset(): void;
  stop(): void;
}

/** Samples a process's resident memory (with its children's, when asked) every `everyMs` and keeps the peak. */
export function sampleMemory(pid: number, everyMs = 100, withChildren = false): MemorySampler {
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, residentBytes(pid, withChildren) ?? 0);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    peak: () => (sample(), peak),
    reset: () => {
      peak = 0;
      sample();
    },
    stop: () => clearInterval(timer),
  };
}

/** Linux's USER_HZ, what /proc counts CPU time in. */
const CLOCK_TICKS = 100;

/** A process's /proc/<pid>/stat fields from the state on (the 3rd field is the first), or null once it has gone. */
function statFields(pid: number): string[] | null {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  } catch {
    return null;
  }
}

/**
 * A process's CPU time so far (user and system, in ms), from /proc; 0 once it has gone. Per request
 * answered, it is the figure a busy machine disturbs least: others' work lengthens waits, not our own CPU time.
 */
export function cpuMs(pid: number): number {
  const fields = statFields(pid);
  // utime and stime are the 14th and 15th fields of the line, counted from the state (the 3rd).
  return fields ? ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS : 0;
}

/**
 * The CPU time (ms) of a process and every process below it: their own, and that of the ones that
 * have ended and been waited for (cutime and cstime, the 16th and 17th fields), such as a sandbox
 * process's soffice replaced after its fifty documents.
 */
export function treeCpuMs(pid: number): number {
  const fields = statFields(pid);
  if (!fields) return 0;
  const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  return (ticks * 1000) / CLOCK_TICKS + childPids(pid).reduce((sum, child) => sum + treeCpuMs(child), 0);
}

/** Every process below `pid` (its children, theirs, ...): the server's sandbox processes and the programs they run. */
export function descendantPids(pid: number): number[] {
  const children = childPids(pid);
  return [...children, ...children.flatMap(descendantPids)];
}

/** The machine's CPU time so far, busy and in all, in ticks of every core (the first line of /proc/stat). */
function machineTicks(): { busy: number; total: number } {
  const [, ...fields] = fs.readFileSync('/proc/stat', 'latin1').split('\n')[0]!.trim().split(/\s+/).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  // idle and iowait are the 4th and 5th.
  return { busy: total - fields[3]! - fields[4]!, total };
}

export interface MachineSample {
  /** The 1-minute load average. */
  load: number;
  /** The share of every core's time spent busy since the sample before (0 to 1). */
  busy: number;
  /** Processes below the watched one. */
  descendants: number;
}

/** Samples the machine (load average, cores busy) and the processes below `pid` every `everyMs`, until stopped. */
export function sampleMachine(pid: number, everyMs = 1_000): { stop(): MachineSample[] } {
  const samples: MachineSample[] = [];
  let before = machineTicks();
  const timer = setInterval(() => {
    const now = machineTicks();
    const busy = (now.busy - before.busy) / Math.max(1, now.total - before.total);
    before = now;
    samples.push({ load: Number(fs.readFileSync('/proc/loadavg', 'latin1').split(' ')[0]), busy, descendants: descendantPids(pid).length });
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return samples;
    },
  };
}
