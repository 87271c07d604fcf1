import { closeSync, openSync, readFileSync, readSync } from 'node:fs';

const VM_RSS = /^VmRSS:\s+(\d+)\s+kB$/m;

function parseResident(status: string): number | null {
  const match = VM_RSS.exec(status);
  return match ? Number(match[1]) * 1024 : null;
}

/** Reads a process's resident memory again and again (`read`, null once it cannot), until `close`. */
export interface ResidentReader {
  read(): number | null;
  close(): void;
}

/**
 * A process's resident memory read through one open /proc/<pid>/status: each reading is one read
 * of that file from its start (the kernel writes it afresh), where reading the file opens, reads and
 * closes it through the thread pool. A running sandbox task's memory is read every 25 ms on the
 * server's thread, and the four asynchronous steps cost it several times this one read
 * (docs/performance.md, issue 37).
 */
export function residentReader(pid: number): ResidentReader {
  let fd: number | null = null;
  const buffer = Buffer.alloc(4096);
  const close = () => {
    if (fd !== null) closeSync(fd);
    fd = null;
  };
  try {
    fd = openSync(`/proc/${pid}/status`, 'r');
  } catch {
    fd = null;
  }
  return {
    read() {
      if (fd === null) return null;
      try {
        return parseResident(buffer.toString('latin1', 0, readSync(fd, buffer, 0, buffer.length, 0)));
      } catch {
        close();
        return null;
      }
    },
    close,
  };
}

/**
 * The resident memory of a process in bytes, from Linux's /proc, read at once; null where it cannot
 * be read (the process is gone, or another system), in which case the V8 heap limit is the only bound.
 */
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
