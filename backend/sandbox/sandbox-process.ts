import { fork } from 'node:child_process';
import os from 'node:os';
import { SandboxCrashError, SandboxMemoryError } from './sandbox-errors';
import { TASK_CPU_POLL_MS } from '../processes/process-cpu';
import { startSupervised, type SupervisedProcess } from '../processes/process-supervisor';
import type { TaskWatch } from '../processes/task-watch';
import type { SandboxLimits, SandboxStart, SandboxTask } from './sandbox-protocol';

// One process of the sandbox pool (sandbox-pool.ts) and what the pool keeps of it: how it is
// started, with what environment, and how its end is told.

const ENTRY = new URL('./sandbox-child-entry.mjs', import.meta.url);
/** How much of a dead process's standard error is kept for the log. */
const STDERR_TAIL = 4096;
/** V8's words when a heap limit is hit, in its fatal error on standard error. */
const OUT_OF_MEMORY = /heap out of memory|invalid table size|invalid array length|Allocation failed/i;
/** The environment a sandbox gets: nothing of the server's secrets (database URL, keys). */
const SANDBOX_ENV_KEYS = ['PATH', 'LANG', 'LC_ALL', 'TZ', 'TMPDIR', 'HOME'];
/**
 * The sandbox's processes (and the soffice each starts, which inherits it) run at this niceness:
 * a conversion or an application PDF is background work, and an applicant's save must not queue
 * behind it for a core (issue 37: on a busy machine the saves waited while conversions ran).
 */
export const SANDBOX_NICENESS = 10;

/** A task queued or running, with its caller's promise. */
export interface Task {
  id: number;
  task: SandboxTask;
  limits: SandboxLimits;
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
}

/** A task in a process's hands, with the watch on its bounds. */
export interface Running {
  task: Task;
  startedAt: number;
  /** Its processor time, wall-clock time and its process's resident memory, watched against its limits. */
  watch: TaskWatch;
  /** Why the pool killed the process, when it did. */
  killedFor?: Error;
}

/** A process of the pool. */
export interface Slot {
  /** The process, supervised: its tasks watched and counted, its stop. */
  process: SupervisedProcess<ReturnType<typeof fork>>;
  /** Sent when the process says it has loaded. */
  start: SandboxStart;
  ready: boolean;
  retired: boolean;
  stderr: string;
  /** What the process has loaded, from its last reply: passed to its successor to warm up. */
  loaded: readonly string[];
  running?: Running;
  idleTimer?: NodeJS.Timeout;
  /** The process starting to take this one's place (it has served its share). */
  successor?: Slot;
  /** The process this one replaces: retired when this one is ready. */
  predecessor?: Slot;
  /** Takes no new task and is retired when its task in hand ends: its successor is ready. */
  retiring?: boolean;
}

function sandboxEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { NODE_ENV: 'production' };
  // eslint-disable-next-line no-restricted-properties -- passing a few harmless variables on, not reading configuration
  for (const key of SANDBOX_ENV_KEYS) if (process.env[key] !== undefined) env[key] = process.env[key];
  return env;
}

/** How a sandbox process is supervised: its tasks' memory read every `memoryPollMs`, replaced after `tasksPerProcess`. */
export interface SandboxProcessOptions {
  heapMb: number;
  tasksPerProcess: number;
  memoryPollMs: number;
}

/** A new process with its own V8 heap limit and none of the server's environment; the tail of its standard error is kept. */
export function forkSandboxProcess(start: SandboxStart, options: SandboxProcessOptions): Slot {
  const supervised = startSupervised(
    () =>
      fork(ENTRY, [], {
        execArgv: [`--max-old-space-size=${options.heapMb}`],
        serialization: 'advanced',
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
        env: sandboxEnv(),
      }),
    { tasksPerProcess: options.tasksPerProcess, polls: { pollMs: options.memoryPollMs, cpuPollMs: TASK_CPU_POLL_MS } },
  );
  const child = supervised.child;
  // Only lowering the priority, which any process may do; a process already gone has nothing to lower.
  if (child.pid !== undefined) {
    try {
      os.setPriority(child.pid, SANDBOX_NICENESS);
    } catch {
      // it ended before it started: its exit is reported as any other
    }
  }
  const slot: Slot = { process: supervised, start, ready: false, retired: false, stderr: '', loaded: [] };
  child.stderr!.on('data', (chunk: Buffer) => {
    slot.stderr = (slot.stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
  });
  return slot;
}

/** Why a process ended: what the pool killed it for, else its exit, read as running out of memory where V8 said so. */
export function exitError(slot: Slot, code: number | null, signal: NodeJS.Signals | null): Error {
  const killedFor = slot.running?.killedFor;
  if (killedFor) return killedFor;
  const how = signal ? `signal ${signal}` : `exit code ${code}`;
  const tail = slot.stderr.trim() ? `\n${slot.stderr.trim()}` : '';
  return OUT_OF_MEMORY.test(slot.stderr) ? new SandboxMemoryError(`${how}${tail}`) : new SandboxCrashError(`${how}${tail}`);
}
