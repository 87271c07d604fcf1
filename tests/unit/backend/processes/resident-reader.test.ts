import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { residentBytesNow, residentReader } from '../../../../backend/processes/process-memory';

describe('residentReader', () => {
  it('reads a process\'s resident memory afresh through one open file, and null once the process is gone', async () => {
    const child = spawn(process.execPath, ['-e', 'const kept = []; process.stdin.on("data", () => kept.push(Buffer.alloc(64 * 1024 * 1024, 1)));'], { stdio: ['pipe', 'ignore', 'ignore'] });
    try {
      const reader = residentReader(child.pid!);
      const before = reader.read()!;
      expect(before).toBeGreaterThan(0);
      expect(Math.abs(before - residentBytesNow(child.pid!)!)).toBeLessThan(16 * 1024 * 1024);
      // 64 MB more, written: the same open file now says so.
      child.stdin.write('grow\n');
      await expect.poll(() => reader.read()!, { timeout: 10_000 }).toBeGreaterThan(before + 48 * 1024 * 1024);
      child.kill('SIGKILL');
      await once(child, 'exit');
      expect(reader.read()).toBeNull();
      reader.close();
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('reads null for a process that does not exist', () => {
    const reader = residentReader(2 ** 22 + 12345);
    expect(reader.read()).toBeNull();
    reader.close();
  });
});
