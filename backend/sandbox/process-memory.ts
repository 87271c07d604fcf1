import { readFile } from 'node:fs/promises';

/**
 * The resident memory of a process in bytes, from Linux's /proc; null where it cannot be read (the
 * process is gone, or another system), in which case the V8 heap limit is the only bound.
 */
export async function residentBytes(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'latin1');
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}
