import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { residentBytesNow } from '../../../../backend/processes/process-memory';
import { startSupervised, type SupervisedProcess } from '../../../../backend/processes/process-supervisor';
import type { Overrun } from '../../../../backend/processes/task-watch';

const MB = 1024 * 1024;
const POLLS = { pollMs: 10, cpuPollMs: 0 };
/** A Node process that runs `code`: real processes, read through /proc as the sandbox's and soffice's are. */
const node = (code: string, detached = false) => () => spawn(process.execPath, ['-e', code], { stdio: ['pipe', 'pipe', 'ignore'], detached });
const IDLE = 'setInterval(() => {}, 1000); process.stdin.on("data", () => {});';
/** Holds 128 MB, written, once told on its standard input. */
const GROWS = 'const kept = []; setInterval(() => {}, 1000); process.stdin.on("data", () => kept.push(Buffer.alloc(128 * 1024 * 1024, 1)));';

const started: SupervisedProcess[] = [];
function supervise(...args: Parameters<typeof startSupervised>): SupervisedProcess {
  const supervised = startSupervised(...args);
  started.push(supervised);
  return supervised;
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((supervised) => supervised.stop()));
});

function overrunOf(supervised: SupervisedProcess, bounds: Parameters<SupervisedProcess['watch']>[0]): Promise<Overrun> {
  return new Promise((resolve) => supervised.watch(bounds, resolve));
}

const alive = (pid: number) => residentBytesNow(pid) !== null;

describe('a supervised process', { timeout: 20_000 }, () => {
  it('is due for replacement once it has served its share of tasks, not before', () => {
    const supervised = supervise(node(IDLE), { tasksPerProcess: 3, polls: POLLS });
    supervised.served();
    supervised.served();
    expect(supervised.dueForReplacement()).toBe(false);
    supervised.served();
    expect(supervised.tasksServed).toBe(3);
    expect(supervised.dueForReplacement()).toBe(true);
  });

  it("is due for replacement once its tree's resident memory is past the bound, whatever it served", async () => {
    const supervised = supervise(node(GROWS), { tasksPerProcess: 100, maxTreeRssBytes: 96 * MB, polls: POLLS });
    expect(supervised.dueForReplacement()).toBe(false);
    supervised.child.stdin!.write('grow\n');
    await expect.poll(() => supervised.dueForReplacement(), { timeout: 10_000 }).toBe(true);
    expect(supervised.tasksServed).toBe(0);
  });

  it('tells a task that went past its processor time, its wall-clock backstop or its memory, once', async () => {
    const busy = supervise(node('for (;;) {}'), { tasksPerProcess: 1, polls: POLLS });
    expect(await overrunOf(busy, { cpuMs: 300, wallMs: 15_000 })).toEqual({ kind: 'processor-time' });

    const waiting = supervise(node(IDLE), { tasksPerProcess: 1, polls: POLLS });
    const started = Date.now();
    expect(await overrunOf(waiting, { cpuMs: 10_000, wallMs: 300 })).toEqual({ kind: 'wall-clock' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);

    const growing = supervise(node(GROWS), { tasksPerProcess: 1, polls: POLLS });
    const calls: Overrun[] = [];
    const watch = growing.watch({ cpuMs: 10_000, wallMs: 15_000, maxRssBytes: 96 * MB }, (overrun) => calls.push(overrun));
    growing.child.stdin!.write('grow\n');
    await expect.poll(() => calls.length, { timeout: 10_000 }).toBe(1);
    expect(calls[0]).toMatchObject({ kind: 'memory', bytes: expect.any(Number) });
    expect(watch.peakRssBytes).toBeGreaterThan(96 * MB);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toHaveLength(1);
  });

  it('tells nothing once the task has ended and its watch stopped', async () => {
    const busy = supervise(node('for (;;) {}'), { tasksPerProcess: 1, polls: POLLS });
    const calls: Overrun[] = [];
    busy.watch({ cpuMs: 200, wallMs: 300 }, (overrun) => calls.push(overrun)).stop();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(calls).toEqual([]);
  });

  it('stops a process of its own group with the whole group, children included', async () => {
    const parent = supervise(node(`const c = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); console.log(c.pid); setInterval(() => {}, 1000);`, true), {
      tasksPerProcess: 1,
      ownGroup: true,
      polls: POLLS,
    });
    const [line] = (await once(parent.child.stdout!, 'data')) as [Buffer];
    const grandchild = Number(line.toString().trim());
    expect(alive(grandchild)).toBe(true);
    await parent.stop();
    await expect.poll(() => alive(grandchild), { timeout: 5_000 }).toBe(false);
  });

  it('stops a process that is not a group leader, and resolves at once for one already gone', async () => {
    const supervised = supervise(node(IDLE), { tasksPerProcess: 1, polls: POLLS });
    await supervised.stop();
    expect(supervised.child.signalCode).toBe('SIGKILL');
    await supervised.stop();
  });
});
