import { readFileSync } from 'node:fs';
import { childPids } from './process-memory';

/** Linux's clock ticks per second (sysconf(_SC_CLK_TCK)), in which /proc/<pid>/stat counts time. */
const TICKS_PER_SECOND = 100;

/** The processor time (user and system, all threads) a process has used, in ms; 0 where /proc cannot be read. */
function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // The fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * The processor time a process and all its descendants alive now have used, in ms (Linux's /proc):
 * a task's own running time, which time spent waiting for the processor behind other work does not
 * add to, as wall-clock time does on a busy machine.
 */
export function treeCpuMs(pid: number): number {
  return processCpuMs(pid) + childPids(pid).reduce((sum, child) => sum + treeCpuMs(child), 0);
}

/**
 * A task limited in processor time is also stopped after this many times that limit in wall-clock
 * time: on a machine so busy that it gets a quarter of a processor, it still runs to its limit.
 */
export const WALL_CLOCK_BACKSTOP_FACTOR = 4;

/**
 * How often the sandbox pool reads a running task's processor time: its process tree's /proc files,
 * read synchronously on the server's thread (about eight files for a sandbox process and its
 * soffice), so not at every memory reading; limits are seconds, a fifth of one is close enough.
 */
export const TASK_CPU_POLL_MS = 200;
