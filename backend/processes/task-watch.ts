import { treeCpuMs } from './process-cpu';
import { residentReader } from './process-memory';

/** The bounds of one task a process runs; past any, the watch calls its `over` once. */
export interface TaskBounds {
  /** Processor time of the process and its descendants from the task's start: its own running time, not its wait for a core. */
  cpuMs: number;
  /** Wall-clock time, a backstop for a task that waits on something forever. */
  wallMs: number;
  /** Resident memory of the process itself, read every poll; unset, memory is not read. */
  maxRssBytes?: number;
}

/** How often a task's process is read: its memory every `pollMs`, its processor time at most every `cpuPollMs`. */
export interface WatchPolls {
  pollMs: number;
  cpuPollMs: number;
}

/** Which bound a task went past. */
export type Overrun = { kind: 'processor-time' } | { kind: 'wall-clock' } | { kind: 'memory'; bytes: number };

/** A task being watched. */
export interface TaskWatch {
  /** The most resident memory seen of the process while it ran (0 where it was not or could not be read). */
  readonly peakRssBytes: number;
  /** Stops watching (the task ended); nothing is called after. */
  stop(): void;
}

/** How often a process tree's processor time is read against its limit, unless told otherwise. */
export const CPU_POLL_MS = 50;

/**
 * Watches the process `pid` while it runs one task: calls `over` once, then stops watching, when
 * its tree has used more than `cpuMs` of processor time from now, `wallMs` has passed, or its own
 * resident memory is past `maxRssBytes`. Linux's /proc; a process whose id is unknown is watched
 * by the wall clock alone.
 */
export function watchTask(pid: number | undefined, bounds: TaskBounds, polls: WatchPolls, over: (overrun: Overrun) => void): TaskWatch {
  const cpuAtStart = pid === undefined ? 0 : treeCpuMs(pid);
  let cpuReadAt = Date.now();
  const resident = pid !== undefined && bounds.maxRssBytes !== undefined ? residentReader(pid) : null;
  let peakRssBytes = 0;
  let stopped = false;

  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearInterval(poll);
    clearTimeout(backstop);
    resident?.close();
  };
  const fire = (overrun: Overrun) => {
    stop();
    over(overrun);
  };
  const read = (pid: number) => {
    if (Date.now() - cpuReadAt >= polls.cpuPollMs) {
      cpuReadAt = Date.now();
      if (treeCpuMs(pid) - cpuAtStart > bounds.cpuMs) return fire({ kind: 'processor-time' });
    }
    const bytes = resident?.read() ?? null;
    if (bytes === null) return;
    peakRssBytes = Math.max(peakRssBytes, bytes);
    if (bytes > bounds.maxRssBytes!) fire({ kind: 'memory', bytes });
  };

  const poll = pid === undefined ? undefined : setInterval(() => read(pid), polls.pollMs);
  const backstop = setTimeout(() => fire({ kind: 'wall-clock' }), bounds.wallMs);
  return {
    get peakRssBytes() {
      return peakRssBytes;
    },
    stop,
  };
}
