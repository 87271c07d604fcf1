import { createHash, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { answerFields } from '../../common/form/model';
import { loadConfig } from '../../backend/platform/config';
import { conversionJobMessages } from '../../backend/conversions/conversion-messages';
import { createWorkerLoop, type WorkerLoop, type WorkerLoopOptions } from '../../backend/conversions/worker-loop';
import { createConversionRunner, type ConversionRunner } from '../../backend/sandbox/conversion-runner';
import { SandboxClosedError } from '../../backend/sandbox/sandbox-errors';
import { createSandboxPool } from '../../backend/sandbox/sandbox-pool';
import { createLogger } from '../../backend/platform/log';
import { createObjectStore, type ObjectStore } from '../../backend/storage';
import type { Store } from '../../backend/open-store';
import type { ConversionRow } from '../../backend/conversions/conversions-store';
import { buildPdf, checked, smallPng } from '../../scripts/support/documents';
import { createTestDatabase, dialects, type TestDatabase } from '../../scripts/support/databases';
import { CONVERSION_END_BOUND_MS } from '../../scripts/support/uploads';

const UPLOAD_KEYS = answerFields.filter((field) => field.type === 'upload').map((field) => field.key);
const MINUTE = 60_000;
const LEASE_MS = 2 * MINUTE;

type Run = Pick<ConversionRunner, 'run'>;

describe.each(dialects)('conversion jobs on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let objects: ObjectStore;
  const closers: (() => Promise<void>)[] = [];
  let loops: WorkerLoop[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await database.open();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dataDir, LOG_LEVEL: 'silent' });
    objects = createObjectStore(config, Date.now);
  });
  afterEach(async () => {
    await Promise.all(loops.map((loop) => loop.stop()));
    loops = [];
  });
  afterAll(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    await store.close();
    await database.drop();
  });

  async function newAccount(): Promise<string> {
    const id = randomUUID();
    await store.accounts.create({ id, username: `${id}@example.edu`, password_hash: 'h', confirmed_at: 1, created_at: 1, updated_at: 1 });
    return id;
  }

  /** A job as POST /api/pdf/document-answer/{key} records it, its file in the object store. */
  async function queue(accountId: string, answerKey: string, bytes: Buffer, fileName = 'document.pdf', now = Date.now()): Promise<ConversionRow> {
    const fileKey = `uploads/${accountId}/${answerKey}/${randomUUID()}`;
    await objects.put(fileKey, bytes, 'application/octet-stream');
    const { started } = await store.conversions.start({ account_id: accountId, answer_key: answerKey, file_key: fileKey, file_name: fileName, file_size: bytes.length }, now);
    return started;
  }

  function realRunner(): ConversionRunner {
    const pool = createSandboxPool({ maxProcesses: 1 });
    closers.push(() => pool.close());
    return createConversionRunner(pool);
  }

  /** A real runner that records a digest of every document it is asked to convert. */
  function countingRunner(runs: string[]): Run {
    const runner = realRunner();
    return {
      run: (document) => {
        runs.push(createHash('sha256').update(document.bytes).digest('hex'));
        return runner.run(document);
      },
    };
  }

  function startLoop(options: Partial<WorkerLoopOptions> & { runner: Run }, on: Store = store): WorkerLoop {
    const loop = createWorkerLoop({ store: on, objects, logger: createLogger('silent'), pollMs: 20, ...options });
    loops.push(loop);
    loop.start();
    return loop;
  }

  const job = async (id: string) => (await store.conversions.findById(id))!;

  async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it('a restart resumes a job left IN_PROGRESS by an instance that died, once its lease has run out', async () => {
    const accountId = await newAccount();
    const [abandonedKey, liveKey] = UPLOAD_KEYS as [string, string];
    // One instance claimed a job three minutes ago and died; another claimed one just now and is still at it.
    const live = await queue(accountId, liveKey, await buildPdf(['Still converting elsewhere.']));
    expect(await store.conversions.claim('live-instance', Date.now() - 10_000, LEASE_MS)).toMatchObject({ id: live.id });
    const abandoned = await queue(accountId, abandonedKey, await buildPdf(['Abandoned.']));
    expect(await store.conversions.claim('dead-instance', Date.now() - 3 * MINUTE, LEASE_MS)).toMatchObject({ id: abandoned.id, status: 'IN_PROGRESS' });

    const loop = startLoop({ runner: realRunner(), leaseMs: LEASE_MS });
    const resumed = await waitFor(() => job(abandoned.id), (row) => row.status === 'COMPLETED');
    expect(resumed).toMatchObject({ status: 'COMPLETED', claimed_by: loop.workerId, attempts: 2 });
    expect(await objects.exists(resumed.pdf_key!)).not.toBeNull();
    expect((await store.answers.list(accountId))[abandonedKey]).toBe('ANSWERED');

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await job(live.id)).toMatchObject({ status: 'IN_PROGRESS', claimed_by: 'live-instance', attempts: 1 });
    await store.conversions.remove(accountId, liveKey, 'applicant', Date.now());
  });

  it('a stopping instance gives its job back uncounted, and the next instance converts it', async () => {
    const accountId = await newAccount();
    const pending: ((error: Error) => void)[] = [];
    const hanging: Run = { run: () => new Promise<Buffer>((_, reject) => pending.push(reject)) };
    const queued = await queue(accountId, UPLOAD_KEYS[0]!, smallPng(), 'scan.png');

    const first = startLoop({ runner: hanging });
    await waitFor(async () => pending.length, (count) => count === 1);
    expect(await job(queued.id)).toMatchObject({ status: 'IN_PROGRESS', claimed_by: first.workerId, attempts: 1 });
    // SIGTERM: the loop stops claiming, and closing the sandbox pool ends the conversion in hand.
    const stopped = first.stop();
    pending[0]!(new SandboxClosedError());
    await stopped;
    expect(await job(queued.id)).toMatchObject({ status: 'UNPROCESSED', claimed_by: null, attempts: 0 });

    const next = startLoop({ runner: realRunner() });
    expect(await waitFor(() => job(queued.id), (row) => row.status === 'COMPLETED')).toMatchObject({ claimed_by: next.workerId, attempts: 1 });
  });

  it('tries an error that is not the document\'s again, then fails with the default message after 3 attempts', async () => {
    const accountId = await newAccount();
    await store.answers.merge(accountId, { [UPLOAD_KEYS[0]!]: 'ANSWERED' }, 'conversion', 1);
    let calls = 0;
    const broken: Run = {
      run: async () => {
        calls += 1;
        throw new Error('the disk is full');
      },
    };
    const queued = await queue(accountId, UPLOAD_KEYS[0]!, await buildPdf());
    startLoop({ runner: broken });
    const failed = await waitFor(() => job(queued.id), (row) => row.status === 'FAILED');
    expect(failed).toMatchObject({ status: 'FAILED', message: conversionJobMessages.failed, attempts: 3 });
    expect(calls).toBe(3);
    expect(await store.answers.list(accountId)).toEqual({});
  });

  it('busy means queued, not failed: with the sandbox process kept off the processor longer than the time limit, the job in hand and the one queued behind it stay in progress, then convert', async () => {
    const accountId = await newAccount();
    const [firstKey, secondKey] = UPLOAD_KEYS as [string, string];
    const pids: (number | undefined)[] = [];
    const pool = createSandboxPool({ maxProcesses: 1, onTaskEnd: (report) => pids.push(report.pid) });
    closers.push(() => pool.close());
    const runner = createConversionRunner(pool, { limits: { timeoutMs: 1_000 } });
    await runner.run(checked(smallPng()));
    const pid = pids[0]!;
    // The slot's process gets no processor for 2.5 s, as on a machine busy with other work, only more so.
    process.kill(pid, 'SIGSTOP');
    const first = await queue(accountId, firstKey, await buildPdf(['The first document.']));
    const second = await queue(accountId, secondKey, await buildPdf(['Queued behind the first.']));
    startLoop({ runner });
    const seen = new Set<string>();
    const stoppedUntil = Date.now() + 2_500;
    while (Date.now() < stoppedUntil) {
      for (const id of [first.id, second.id]) seen.add(`${id === first.id ? 'first' : 'second'} ${(await job(id)).status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    process.kill(pid, 'SIGCONT');
    // Never failed while waiting: the first in progress, the second queued behind it.
    expect([...seen].filter((state) => !/ (UNPROCESSED|IN_PROGRESS)$/.test(state))).toEqual([]);
    expect([seen.has('first IN_PROGRESS'), seen.has('second UNPROCESSED')]).toEqual([true, true]);
    for (const id of [first.id, second.id]) expect(await waitFor(() => job(id), (row) => row.status !== 'UNPROCESSED' && row.status !== 'IN_PROGRESS')).toMatchObject({ status: 'COMPLETED' });
    expect(pids.every((seenPid) => seenPid === pid)).toBe(true);
  });

  it('runs as many conversions at once as it has lanes (one a sandbox process), each job once', async () => {
    const accountId = await newAccount();
    const jobs = await Promise.all(UPLOAD_KEYS.slice(0, 4).map(async (key, i) => queue(accountId, key, await buildPdf([`Job ${i} of four.`]))));
    const pool = createSandboxPool({ maxProcesses: 2 });
    closers.push(() => pool.close());
    const runner = createConversionRunner(pool);
    let inHand = 0;
    let mostInHand = 0;
    const runs: string[] = [];
    startLoop({
      lanes: 2,
      runner: {
        async run(document) {
          runs.push(createHash('sha256').update(document.bytes).digest('hex'));
          mostInHand = Math.max(mostInHand, (inHand += 1));
          // Each job waits for a second to be in hand (at most 2 s), so one lane alone shows as one.
          for (let waited = 0; inHand < 2 && mostInHand < 2 && waited < 2_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
          try {
            return await runner.run(document);
          } finally {
            inHand -= 1;
          }
        },
      },
    });
    // Two sandbox processes start cold and convert four documents: on a loaded machine that is many
    // times the seconds it takes on a quiet one, so the wait is for the jobs' end, bounded by the
    // conversions' own limits.
    const rows = await waitFor(
      () => Promise.all(jobs.map((row) => job(row.id))),
      (all) => all.every((row) => row.status === 'COMPLETED'),
      CONVERSION_END_BOUND_MS,
    );
    expect(rows.map((row) => row.status)).toEqual(Array(4).fill('COMPLETED'));
    expect(mostInHand).toBe(2);
    expect(runs).toHaveLength(4);
    expect(new Set(runs).size).toBe(4);
  }, CONVERSION_END_BOUND_MS + 30_000);

  it('keeps going when the store fails for a while', async () => {
    const accountId = await newAccount();
    let failures = 3;
    const flaky: Store = {
      ...store,
      conversions: {
        ...store.conversions,
        claim: (...args) => (failures-- > 0 ? Promise.reject(new Error('connection refused')) : store.conversions.claim(...args)),
      },
    };
    const queued = await queue(accountId, UPLOAD_KEYS[1]!, smallPng(), 'scan.png');
    startLoop({ runner: realRunner() }, flaky);
    expect(await waitFor(() => job(queued.id), (row) => row.status === 'COMPLETED')).toMatchObject({ status: 'COMPLETED' });
    expect(failures).toBeLessThan(0);
  });

  describe('several instances', () => {
    let second: Store;

    beforeAll(async () => {
      // On PostgreSQL each instance has its own pool on the same schema; SQLite is the embedded,
      // single-instance store, so there the loops share the process's one connection.
      second =
        dialect === 'postgres'
          ? await database.open()
          : store;
    });
    afterAll(async () => {
      if (second !== store) await second.close();
    });

    async function sixJobs(): Promise<{ accountId: string; jobs: ConversionRow[] }> {
      const accountId = await newAccount();
      const jobs = await Promise.all(UPLOAD_KEYS.slice(0, 6).map(async (key, i) => queue(accountId, key, await buildPdf([`Job ${i} of six.`]))));
      return { accountId, jobs };
    }

    it('never hand one job to two claims made at the same moment', async () => {
      for (let round = 0; round < 3; round += 1) {
        const { accountId, jobs } = await sixJobs();
        const now = Date.now();
        const claims = await Promise.all(
          Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? store : second).conversions.claim(`instance-${i % 2}`, now, LEASE_MS)),
        );
        const claimed = claims.filter((claim) => claim !== null).map((claim) => claim.id);
        expect(claimed.sort()).toEqual(jobs.map((row) => row.id).sort());
        for (const row of jobs) await store.conversions.remove(accountId, row.answer_key, 'applicant', now);
      }
    });

    it('two worker loops racing over six jobs convert each exactly once', async () => {
      const { accountId, jobs } = await sixJobs();
      const runs: string[] = [];
      const loopA = startLoop({ runner: countingRunner(runs), pollMs: 5 });
      const loopB = startLoop({ runner: countingRunner(runs), pollMs: 5 }, second);

      const rows = await waitFor(
        () => Promise.all(jobs.map((row) => job(row.id))),
        (all) => all.every((row) => row.status === 'COMPLETED'),
      );
      expect(rows.map((row) => row.status)).toEqual(Array(6).fill('COMPLETED'));
      expect(rows.map((row) => row.attempts)).toEqual(Array(6).fill(1));
      expect(rows.every((row) => [loopA.workerId, loopB.workerId].includes(row.claimed_by!))).toBe(true);
      expect(runs).toHaveLength(6);
      expect(new Set(runs).size).toBe(6);
      const answers = await store.answers.list(accountId);
      expect(jobs.map((row) => answers[row.answer_key])).toEqual(Array(6).fill('ANSWERED'));
      const history = await store.answers.history(accountId);
      expect(history.filter((entry) => entry.new_value === '"ANSWERED"')).toHaveLength(6);
    });
  });
});
