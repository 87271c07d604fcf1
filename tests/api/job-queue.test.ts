import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobQueue, newJob, PROCESSING_STATUSES } from '../../backend/jobs/job-queue';
import type { Db } from '../../backend/store/db';
import { createTestDatabase, dialects, type TestDatabase } from '../../scripts/support/databases';

const LEASE_MS = 60_000;
const MAIL_STATUSES = { waiting: 'PENDING', claimed: 'SENDING', completed: 'SENT', failed: 'FAILED' } as const;

/**
 * The one job queue under the conversions, the application PDFs and the account mails (issue 36
 * item 2), on real databases: a claim takes one job under a lease and counts an attempt; every later
 * write holds only while the claim does.
 */
describe.each(dialects)('a job queue on %s', (dialect) => {
  let database: TestDatabase;
  let db: Db;
  let other: Db;
  let accountId: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const store = await database.open();
    await store.close();
    db = database.openDb({ poolSize: 8 });
    other = database.openDb({ poolSize: 8 });
    accountId = randomUUID();
    await db.kysely.insertInto('accounts').values({ id: accountId, username: `${accountId}@example.edu`, password_hash: 'h', confirmed_at: 1, created_at: 1, updated_at: 1 }).execute();
  });
  afterAll(async () => {
    await other?.close();
    await db?.close();
    await database?.drop();
  });

  const documents = (on: Db) => jobQueue(on.kysely, 'conversions', { dialect, statuses: PROCESSING_STATUSES });
  const mails = (on: Db) => jobQueue(on.kysely, 'mail_outbox', { dialect, statuses: MAIL_STATUSES, dueAt: 'next_attempt_at' });

  /** Waiting conversion jobs created at the times given, in that order. */
  async function waitingJobs(...createdAt: number[]): Promise<string[]> {
    const ids: string[] = [];
    for (const at of createdAt) {
      const id = randomUUID();
      const payload = { account_id: accountId, answer_key: `job-${id}`, file_key: `uploads/${id}`, file_name: 'a.pdf', file_size: 1, message: null, pdf_key: null };
      await db.kysely.insertInto('conversions').values({ id, ...payload, ...newJob(PROCESSING_STATUSES, at) }).execute();
      ids.push(id);
    }
    return ids;
  }
  const row = (id: string) => db.kysely.selectFrom('conversions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const clear = () => db.kysely.deleteFrom('conversions').execute();

  it('claims the oldest waiting job, counting an attempt, and nothing when none waits', async () => {
    await clear();
    const [newer, older] = await waitingJobs(2_000, 1_000);
    const first = await documents(db).claim('loop-a', 5_000, LEASE_MS);
    expect(first).toMatchObject({ id: older, status: 'IN_PROGRESS', claimed_by: 'loop-a', claimed_at: 5_000, attempts: 1, updated_at: 5_000 });
    expect(await documents(db).claim('loop-a', 5_000, LEASE_MS)).toMatchObject({ id: newer, attempts: 1 });
    expect(await documents(db).claim('loop-a', 5_000, LEASE_MS)).toBeNull();
  });

  it('never hands one job to two claimers racing on two connections', async () => {
    await clear();
    const ids = await waitingJobs(...Array.from({ length: 20 }, (_, i) => 1_000 + i));
    const claims = await Promise.all(Array.from({ length: 40 }, (_, i) => documents(i % 2 === 0 ? db : other).claim(`loop-${i % 2}`, 5_000, LEASE_MS)));
    const claimed = claims.flatMap((claim) => (claim ? [claim.id] : []));
    expect(claimed.sort()).toEqual([...ids].sort());
    const rows = await Promise.all(ids.map(row));
    expect(rows.map((job) => job.attempts)).toEqual(Array(20).fill(1));
  });

  it('hands a job whose lease ran out to another claimer; the first can then write nothing', async () => {
    await clear();
    const [id] = await waitingJobs(1_000);
    const first = (await documents(db).claim('stopped', 2_000, LEASE_MS))!;
    expect(await documents(other).claim('live', 2_000 + LEASE_MS, LEASE_MS)).toBeNull();
    const second = (await documents(other).claim('live', 2_000 + LEASE_MS + 1, LEASE_MS))!;
    expect(second).toMatchObject({ id, claimed_by: 'live', attempts: 2 });
    expect(await documents(db).complete(first, 70_000, { pdf_key: 'late.pdf' })).toBe(false);
    expect(await documents(db).fail(first, 70_000, { message: 'late' })).toBe(false);
    expect(await documents(db).release(first, 70_000)).toBe(false);
    expect(await row(id!)).toMatchObject({ status: 'IN_PROGRESS', claimed_by: 'live', pdf_key: null, message: null, attempts: 2 });
    expect(await documents(other).complete(second, 70_000, { pdf_key: 'done.pdf' })).toBe(true);
    // Finishing keeps the claim that finished it; the feature's columns are written with the status.
    expect(await row(id!)).toMatchObject({ status: 'COMPLETED', pdf_key: 'done.pdf', claimed_by: 'live', attempts: 2, updated_at: 70_000 });
  });

  it('releases a job back to waiting, refunding the attempt when asked, for any claimer to take again', async () => {
    await clear();
    const [id] = await waitingJobs(1_000);
    const first = (await documents(db).claim('loop-a', 2_000, LEASE_MS))!;
    expect(await documents(db).release(first, 3_000)).toBe(true);
    expect(await row(id!)).toMatchObject({ status: 'UNPROCESSED', claimed_by: null, claimed_at: null, attempts: 1, updated_at: 3_000 });
    expect(await documents(db).release(first, 3_000)).toBe(false);
    const second = (await documents(other).claim('loop-b', 4_000, LEASE_MS))!;
    expect(second).toMatchObject({ id, attempts: 2 });
    expect(await documents(other).release(second, 5_000, { refund: true })).toBe(true);
    expect(await row(id!)).toMatchObject({ status: 'UNPROCESSED', attempts: 1 });
  });

  it('fails a job for good with its attempts counted, and requeues it from the start in its place', async () => {
    await clear();
    const [failing, later] = await waitingJobs(1_000, 2_000);
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      const claimed = (await documents(db).claim('loop', 3_000 + attempt, LEASE_MS))!;
      expect(claimed).toMatchObject({ id: failing, attempts: attempt });
      if (attempt === 1) await documents(db).release(claimed, 3_000 + attempt);
      else expect(await documents(db).fail(claimed, 4_000, { message: 'could not' })).toBe(true);
    }
    expect(await row(failing!)).toMatchObject({ status: 'FAILED', message: 'could not', attempts: 2, claimed_by: 'loop', updated_at: 4_000 });
    expect(await documents(db).claim('loop', 5_000, LEASE_MS)).toMatchObject({ id: later });

    await documents(db).requeue(failing!, 6_000, { message: null });
    expect(await row(failing!)).toMatchObject({ status: 'UNPROCESSED', message: null, attempts: 0, claimed_by: null, claimed_at: null, created_at: 1_000, updated_at: 6_000 });
    expect(await documents(db).claim('loop', 7_000, LEASE_MS)).toMatchObject({ id: failing, attempts: 1 });
  });

  it('claims by due time when the queue has one: a job not yet due waits', async () => {
    await db.kysely.deleteFrom('mail_outbox').execute();
    const mail = async (dueAt: number) => {
      const id = randomUUID();
      await db.kysely.insertInto('mail_outbox').values({ id, recipient: 'a@example.edu', subject: 's', body: 'b', ...newJob(MAIL_STATUSES, 1_000), next_attempt_at: dueAt }).execute();
      return id;
    };
    const later = await mail(9_000);
    const sooner = await mail(5_000);
    expect(await mails(db).claim('sender', 4_999, LEASE_MS)).toBeNull();
    const first = (await mails(db).claim('sender', 9_000, LEASE_MS))!;
    expect(first).toMatchObject({ id: sooner, status: 'SENDING', attempts: 1 });
    expect(await mails(db).release(first, 9_000, { set: { next_attempt_at: 20_000, last_error: 'down' } })).toBe(true);
    expect(await mails(db).claim('sender', 9_000, LEASE_MS)).toMatchObject({ id: later });
    expect(await mails(db).claim('sender', 19_999, LEASE_MS)).toBeNull();
    expect(await mails(db).claim('sender', 20_000, LEASE_MS)).toMatchObject({ id: sooner, attempts: 2, last_error: 'down' });
  });

  it('reports how many jobs wait and run, and the age of the oldest waiting', async () => {
    await clear();
    await waitingJobs(1_000, 2_000, 3_000);
    await documents(db).claim('loop', 4_000, LEASE_MS);
    expect(await documents(db).depth(10_000)).toEqual({ queue: 'conversions', waiting: 2, running: 1, oldestWaitingAgeMs: 8_000 });
  });
});
