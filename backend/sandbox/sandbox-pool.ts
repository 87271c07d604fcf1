import { withBytes } from '../documents/checked-document';
import type { ConversionOptions } from '../documents/conversion-options';
import { exactCopy } from './exact-bytes';
import { WALL_CLOCK_BACKSTOP_FACTOR } from '../processes/process-cpu';
import type { Overrun } from '../processes/task-watch';
import { SandboxClosedError, SandboxCrashError, SandboxMemoryError, SandboxTaskError, SandboxTimeoutError } from './sandbox-errors';
import { exitError, forkSandboxProcess, type Running, type Slot, type Task } from './sandbox-process';
import { parseSandboxReply, type SandboxLimits, type SandboxReply, type SandboxRequest, type SandboxStart, type SandboxTask } from './sandbox-protocol';

/** Two, so a long application PDF does not hold every conversion back (and the conversions' loop runs as many at once). */
export const DEFAULT_SANDBOX_PROCESSES = 2;
/** Processes that die before they are ready, in a row, before queued tasks are given up. */
const MAX_START_FAILURES = 3;

export interface SandboxPoolOptions {
  /** Processes at most; 2 by default. */
  maxProcesses?: number;
  /**
   * A process idle this long is stopped, returning its memory; the next task starts a new one.
   * 10 minutes by default: a process holds its warm soffice, which takes seconds to start again.
   */
  idleTimeoutMs?: number;
  /** V8 heap limit of each process, its own: running out ends that process, never the server. */
  heapMb?: number;
  /**
   * Tasks a process serves before it is replaced, so no long-lived heap carries one task's leftovers
   * into the next. It serves on (a few tasks more) until its replacement is started and warmed up.
   */
  tasksPerProcess?: number;
  /** How often a running task's process memory is read. */
  memoryPollMs?: number;
  /** Told of every process that crashed, could not start or was killed, for the log. */
  onProcessError?: (error: Error) => void;
  /** Told of every task's end: for the log and the benchmark. */
  onTaskEnd?: (report: TaskReport) => void;
}

export interface TaskReport {
  kind: SandboxTask['kind'];
  outcome: 'done' | 'failed' | 'timed-out' | 'out-of-memory' | 'crashed';
  ms: number;
  /** The most resident memory seen of the task's process while it ran (0 where it cannot be read). */
  peakRssBytes: number;
  /** The process that ran it. */
  pid: number | undefined;
  /** What that process had loaded when the task ended (font families), as its last reply said: what its successor warms up. */
  loaded: readonly string[];
}

export interface SandboxPool {
  /** The task's PDF: exactly its own bytes. */
  run(task: SandboxTask, limits: SandboxLimits): Promise<Buffer>;
  /**
   * Every process the pool starts from now on starts the warm LibreOffice of these conversions at
   * once, so a Word document never waits for soffice's start where a process has been up a few
   * seconds; a successor starts it before it takes the place of the process it replaces.
   */
  keepOfficeWarm(conversion: ConversionOptions): void;
  /** Stops every process; tasks not finished are rejected with SandboxClosedError. */
  close(): Promise<void>;
}

/**
 * Runs document conversions and application PDF renders in child processes, each with its own V8
 * heap limit, a processor-time limit (and a wall-clock backstop) and a resident-memory limit per task (DESIGN.md section 12). A process
 * that crashes, runs out of memory or is killed fails its task only, and is replaced; the server's
 * own process never decodes an untrusted file. Only exact copies of byte ranges cross over, both
 * ways. Processes start when tasks arrive and stop when idle.
 */
export function createSandboxPool(options: SandboxPoolOptions = {}): SandboxPool {
  const maxProcesses = options.maxProcesses ?? DEFAULT_SANDBOX_PROCESSES;
  const idleTimeoutMs = options.idleTimeoutMs ?? 10 * 60_000;
  const heapMb = options.heapMb ?? 512;
  const tasksPerProcess = options.tasksPerProcess ?? 100;
  const memoryPollMs = options.memoryPollMs ?? 25;
  const queue: Task[] = [];
  const slots = new Set<Slot>();
  let nextId = 1;
  let closed = false;
  let startFailures = 0;

  /** What new processes start their warm LibreOffice for (keepOfficeWarm), if anything. */
  let office: ConversionOptions | null = null;

  /**
   * Starts a process; its start (sent when it has loaded: sandbox-child.ts) names what it loads
   * before it says it is ready: `warmUp`'s font families, and for a successor its warm LibreOffice.
   */
  function spawn(warmUp: readonly string[] = [], successor = false): Slot {
    const start: SandboxStart = { kind: 'start', warmUp: [...warmUp], office, officeBeforeReady: successor && office !== null };
    const slot = forkSandboxProcess(start, { heapMb, tasksPerProcess, memoryPollMs });
    slots.add(slot);
    const { child } = slot.process;
    child.on('message', (message: unknown) => onReply(slot, parseSandboxReply(message)));
    child.on('error', (error) => retire(slot, new SandboxCrashError(error.message)));
    child.on('exit', (code, signal) => retire(slot, exitError(slot, code, signal)));
    return slot;
  }

  function report(slot: Slot, running: Running, outcome: TaskReport['outcome']): void {
    options.onTaskEnd?.({
      kind: running.task.task.kind,
      outcome,
      ms: Date.now() - running.startedAt,
      peakRssBytes: running.watch.peakRssBytes,
      pid: slot.process.child.pid,
      loaded: slot.loaded,
    });
  }

  /** Ends the task in hand, stopping its clocks; returns it, if there was one. */
  function settle(slot: Slot): Running | undefined {
    const running = slot.running;
    if (!running) return undefined;
    running.watch.stop();
    slot.running = undefined;
    return running;
  }

  /** Takes a process out of the pool for good, failing the task it had, if any. */
  function retire(slot: Slot, error: Error): void {
    if (slot.retired) return;
    slot.retired = true;
    slots.delete(slot);
    clearTimeout(slot.idleTimer);
    // A successor that never came up is tried again after the next task; one whose predecessor
    // died is simply a process of the pool.
    if (slot.predecessor) slot.predecessor.successor = undefined;
    if (slot.successor) slot.successor.predecessor = undefined;
    const running = settle(slot);
    void slot.process.stop();
    if (closed) return;
    if (running) {
      options.onProcessError?.(error);
      const outcome = error instanceof SandboxTimeoutError ? 'timed-out' : error instanceof SandboxMemoryError ? 'out-of-memory' : 'crashed';
      report(slot, running, outcome);
      running.task.reject(error);
    } else if (!slot.ready) {
      options.onProcessError?.(error);
      if ((startFailures += 1) >= MAX_START_FAILURES) {
        startFailures = 0;
        for (const waiting of queue.splice(0)) waiting.reject(new SandboxCrashError(`sandbox processes cannot start: ${error.message}`));
      }
    }
    pump();
  }

  /** Kills the process of the task in hand; its exit fails the task with this error. */
  function kill(slot: Slot, error: Error): void {
    if (slot.running) slot.running.killedFor = error;
    void slot.process.stop();
  }

  function onReply(slot: Slot, reply: SandboxReply | null): void {
    if (!reply) {
      retire(slot, new SandboxCrashError('the sandbox sent a message that is not a reply'));
      return;
    }
    if (reply.kind === 'loaded') {
      slot.process.child.send(slot.start, (error) => {
        if (error) retire(slot, new SandboxCrashError(`the start could not be sent: ${error.message}`));
      });
    } else if (reply.kind === 'ready') {
      slot.ready = true;
      startFailures = 0;
      const predecessor = slot.predecessor;
      if (predecessor) {
        slot.predecessor = undefined;
        predecessor.successor = undefined;
        if (predecessor.running) predecessor.retiring = true;
        else retire(predecessor, new SandboxClosedError());
      }
    } else if (slot.running?.task.id === reply.id) {
      const running = settle(slot)!;
      slot.process.served();
      if (reply.kind === 'done') {
        slot.loaded = reply.warmUp;
        report(slot, running, 'done');
        running.task.resolve(exactCopy(reply.pdf));
      } else {
        report(slot, running, 'failed');
        running.task.reject(new SandboxTaskError(reply.message, reply.detail));
      }
      if (slot.retiring) {
        retire(slot, new SandboxClosedError());
        return;
      }
      // Its share served, the process is replaced, but not before the replacement is up and has
      // loaded what this one had (fonts, about 0.5 s of a first render): until then it serves on,
      // so no task waits for a process to start or renders in a cold one.
      if (slot.process.dueForReplacement() && !slot.successor && !closed) {
        const successor = spawn(slot.loaded, true);
        successor.predecessor = slot;
        slot.successor = successor;
      }
    }
    pump();
  }

  /** The sandbox's words for a task's bound that its process went past. */
  function overrunError({ limits }: Task, maxWallMs: number, overrun: Overrun): Error {
    if (overrun.kind === 'processor-time') return new SandboxTimeoutError(`${limits.timeoutMs} ms of processor time`);
    if (overrun.kind === 'wall-clock') return new SandboxTimeoutError(`${maxWallMs} ms`);
    return new SandboxMemoryError(`${Math.round(overrun.bytes / 1048576)} MB resident, over the limit of ${limits.maxRssMb} MB`);
  }

  function dispatch(slot: Slot, task: Task): void {
    clearTimeout(slot.idleTimer);
    slot.idleTimer = undefined;
    const { child } = slot.process;
    child.ref();
    const maxWallMs = task.limits.maxWallMs ?? task.limits.timeoutMs * WALL_CLOCK_BACKSTOP_FACTOR;
    const bounds = { cpuMs: task.limits.timeoutMs, wallMs: maxWallMs, maxRssBytes: task.limits.maxRssMb * 1024 * 1024 };
    const running: Running = {
      task,
      startedAt: Date.now(),
      watch: slot.process.watch(bounds, (overrun) => kill(slot, overrunError(task, maxWallMs, overrun))),
    };
    slot.running = running;
    const request: SandboxRequest = { id: task.id, task: task.task };
    child.send(request, (error) => {
      if (error && slot.running === running) kill(slot, new SandboxCrashError(`the task could not be sent: ${error.message}`));
    });
  }

  /** Hands queued tasks to ready processes, starts processes for the rest, and lets idle ones go. */
  function pump(): void {
    if (closed) return;
    for (const slot of slots) {
      if (!slot.ready || slot.running || slot.retired || slot.retiring) continue;
      const task = queue.shift();
      if (task) {
        dispatch(slot, task);
      } else if (!slot.idleTimer) {
        // Idle: no longer keeps the server's process alive, and stops after a while.
        slot.process.child.unref();
        slot.idleTimer = setTimeout(() => retire(slot, new SandboxClosedError()), idleTimeoutMs);
        slot.idleTimer.unref();
      }
    }
    let starting = [...slots].filter((slot) => !slot.ready).length;
    while (slots.size < maxProcesses && queue.length > starting) {
      spawn();
      starting += 1;
    }
  }

  /** The task with every byte array replaced by an exact copy of its own bytes. */
  function copied(task: SandboxTask): SandboxTask {
    return task.kind === 'convert' ? { ...task, document: withBytes(task.document, exactCopy) } : { ...task, documents: task.documents.map(exactCopy) };
  }

  return {
    run(task, limits) {
      if (closed) return Promise.reject(new SandboxClosedError());
      const sent = copied(task);
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ id: nextId++, task: sent, limits, resolve, reject });
        pump();
      });
    },
    keepOfficeWarm(conversion) {
      office = conversion;
    },
    async close() {
      closed = true;
      const error = new SandboxClosedError();
      for (const task of queue.splice(0)) task.reject(error);
      const stopping = [...slots].map((slot) => {
        slot.retired = true;
        clearTimeout(slot.idleTimer);
        settle(slot)?.task.reject(error);
        // An idle process is unreferenced; waiting for its exit must keep this process alive.
        slot.process.child.ref();
        return slot.process.stop();
      });
      slots.clear();
      await Promise.all(stopping);
    },
  };
}
