import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { childPids, residentBytesNow } from '../../../backend/sandbox/process-memory';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export interface HelloProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** The bare Koa 'hello' server in a process of its own, once it answers. */
export async function startHelloProcess(port: number): Promise<HelloProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/load/hello-koa.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 30_000; ; ) {
    if (child.exitCode !== null) throw new Error(`the hello server exited with ${child.exitCode}`);
    if (await fetch(url).then((response) => response.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error('the hello server did not answer within 30 s');
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
