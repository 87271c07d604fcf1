import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

const VM_RSS = /^VmRSS:\s+(\d+)\s+kB$/m;

function parseResident(status: string): number | null {
  const match = VM_RSS.exec(status);
  return match ? Number(match[1]) * 1024 : null;
}

/**
 * The resident memory of a process in bytes, from Linux's /proc; null where it cannot be read (the
 * process is gone, or another system), in which case the V8 heap limit is the only bound.
 */
export async function residentBytes(pid: number): Promise<number | null> {
  try {
    return parseResident(await readFile(`/proc/${pid}/status`, 'latin1'));
  } catch {
    return null;
  }
}

/** The same, read at once (benchmarks' samplers). */
export function residentBytesNow(pid: number): number | null {
  try {
    return parseResident(readFileSync(`/proc/${pid}/status`, 'latin1'));
  } catch {
    return null;
  }
}

/** The process ids of a process's children, from /proc (Linux); none where they cannot be read. */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'latin1').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
