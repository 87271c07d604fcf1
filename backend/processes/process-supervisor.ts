import type { ChildProcess } from 'node:child_process';
import { childPids, residentBytesNow } from './process-memory';
import { watchTask, type Overrun, type TaskBounds, type TaskWatch, type WatchPolls } from './task-watch';

export interface SupervisorOptions {
  /** Tasks it serves before it is due for replacement, so no long-lived process carries one task's leftovers into the next. */
  tasksPerProcess: number;
  /** Resident memory of its whole tree (it and its descendants) past which it is due for replacement after a task; unset, only the count. */
  maxTreeRssBytes?: number;
  /** It leads a process group of its own (spawned detached): stopping it kills the whole group, which may outlive it. */
  ownGroup?: boolean;
  /** How often a running task's process is read (task-watch.ts). */
  polls: WatchPolls;
}

/**
 * A child process under supervision: its tasks watched against their bounds, the tasks it served
 * counted, whether it is due for replacement, and its stop. What the process is for (the sandbox's
 * protocol, soffice's helper) and how a replacement takes its place stay with its owner.
 */
export interface SupervisedProcess<C extends ChildProcess = ChildProcess> {
  readonly child: C;
  /** Tasks it has served (`served()` counts one). */
  readonly tasksServed: number;
  /** Watches a task it runs now: `over` is called once when it goes past a bound (stop the process, the task failed). */
  watch(bounds: TaskBounds, over: (overrun: Overrun) => void): TaskWatch;
  /** Counts a task served. */
  served(): void;
  /** Whether it has served its share of tasks, or its tree's resident memory is past the bound. */
  dueForReplacement(): boolean;
  /** Kills it (its group, where it has one of its own) with SIGKILL; resolves when it has exited. */
  stop(): Promise<void>;
}

/** The resident memory of a process and all its descendants (0 for those that cannot be read). */
export function treeResidentBytes(pid: number): number {
  return (residentBytesNow(pid) ?? 0) + childPids(pid).reduce((sum, child) => sum + treeResidentBytes(child), 0);
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Starts a process with `start` and supervises it. */
export function startSupervised<C extends ChildProcess>(start: () => C, options: SupervisorOptions): SupervisedProcess<C> {
  const child = start();
  let tasksServed = 0;
  return {
    child,
    get tasksServed() {
      return tasksServed;
    },
    watch: (bounds, over) => watchTask(child.pid, bounds, options.polls, over),
    served() {
      tasksServed += 1;
    },
    dueForReplacement() {
      if (tasksServed >= options.tasksPerProcess) return true;
      return options.maxTreeRssBytes !== undefined && child.pid !== undefined && treeResidentBytes(child.pid) > options.maxTreeRssBytes;
    },
    stop() {
      const exited = hasExited(child) ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));
      if (options.ownGroup && child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone, the whole group.
        }
      } else if (!hasExited(child)) {
        child.kill('SIGKILL');
      }
      return exited;
    },
  };
}
