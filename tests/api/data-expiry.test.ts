import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../common/api';
import type { DataExpiryResponse } from '../../common/applicant-data-api';
import { staffPaths } from '../../common/staff-api';
import { roleKeys } from '../../common/form/answer-roles';
import { formatDay } from '../../common/form/format-day';
import { entryTermsOn } from '../../common/form/pages/education/choices';
import { createApplicantPurge } from '../../backend/applicant-data/delete-applicant';
import { createDataExpiryLoop, planDataExpiry } from '../../backend/data-expiry/expiry-jobs';
import { DAY_MS, retentionEndsAt } from '../../backend/data-expiry/expiry-timeline';
import { purgeExpired } from '../../backend/housekeeping/housekeeping';
import type { JobLoop } from '../../backend/jobs/job-loop';
import { createLogger } from '../../backend/platform/log';
import { accountObjectPrefixes } from '../../backend/storage/account-objects';
import { GOOD_PASSWORD, loggedInApplicant, uniqueEmail } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { decodeMailBody, mailTo } from '../../scripts/support/mail';
import { convertThroughApi } from '../../scripts/support/uploads';
import { everyRow } from './support/every-row';
import { LETTER_ANSWERS, mailedToken, nameRecommender, recommender } from './support/recommendations';
import { loggedInStaff } from './support/staff';
import { startTestServer, type TestServer } from './support/test-server';
import { until } from './support/until';

/**
 * Issue 35 item 3, data that expires, with a clock the test moves: reminders once at each
 * threshold, a sign-in resets the clock, an idle draft is deleted with everything it owns, a
 * submitted application waits for its retention; two instances never mail or purge twice; admins
 * see what is due. On both stores.
 */
const ENV = { DRAFT_EXPIRY_DAYS: '60', DRAFT_REMINDER_DAYS: '30,7', RETENTION_MONTHS_AFTER_TERM: '12' };
const CORPUS_PNG = '/work/shared/corpus/png/png-basi0g01.png';
const SUBJECT = /^Subject: Your .* will be deleted on /m;

describe.each(dialects)('data that expires on %s', (dialect) => {
  let server: TestServer;
  const loops: JobLoop[] = [];
  const logger = createLogger('silent');
  const deps = () => ({ store: server.store, settings: server.config.dataExpiry, publicUrl: server.config.publicUrl, clock: server.clock, logger });
  /** Two instances look at once, as two workers would. */
  const look = () => Promise.all([planDataExpiry(deps()), planDataExpiry(deps())]);
  const reminders = async (address: string) => mailTo(await server.outbox(), address).filter((mail) => SUBJECT.test(mail));
  const exists = async (accountId: string) => (await server.store.accounts.findById(accountId)) !== undefined;
  /** Waits until every planned purge has run. */
  const purgesRun = () => until('the expiry purges', async () => ((await server.store.jobQueues.depths(server.clock())).filter((depth) => depth.queue === 'data_expiry_jobs').every((depth) => depth.waiting + depth.running === 0) ? true : undefined));

  beforeAll(async () => {
    server = await startTestServer(dialect, { conversions: true, env: ENV });
    const purge = createApplicantPurge({ store: server.store, objects: server.objects, clock: server.clock, logger });
    for (const workerId of ['instance-a', 'instance-b']) loops.push(createDataExpiryLoop({ ...deps(), purge, workerId, pollMs: 50 }));
    for (const loop of loops) loop.start();
  }, 60_000);
  afterAll(async () => {
    for (const loop of loops) await loop.stop();
    await server.close();
  });

  async function objectsOf(accountId: string): Promise<string[]> {
    const keys: string[] = [];
    for (const prefix of accountObjectPrefixes(accountId)) for await (const object of server.objects.list(prefix)) keys.push(object.key);
    return keys;
  }

  async function applicant(label: string, answers: Record<string, string> = {}) {
    const username = uniqueEmail(label);
    const lastName = `Expirable${Math.random().toString(36).slice(2, 10)}`;
    const client = await loggedInApplicant(server, username);
    const accountId = (await server.store.accounts.findByUsername(username))!.id;
    expect((await client.put(apiPaths.answer, { ...LETTER_ANSWERS, [roleKeys.lastName]: lastName, ...answers })).status).toBe(200);
    return { client, username, lastName, accountId };
  }

  it('mails a reminder once at each threshold (two instances looking), then deletes the idle draft with everything it owns (answers, upload and its objects, conversion, session, reset token), logging the purge without personal data', async () => {
    const draft = await applicant('idle');
    expect((await convertThroughApi(server, draft.client, 'resume_doc', fs.readFileSync(CORPUS_PNG), 'resume.png')).status).toBe('COMPLETED');
    expect((await new ApiClient(server.baseUrl).post(apiPaths.forgotPassword, { username: draft.username })).status).toBe(200);
    expect((await objectsOf(draft.accountId)).length).toBeGreaterThanOrEqual(2);

    server.advance(29 * DAY_MS);
    await look();
    expect(await reminders(draft.username)).toHaveLength(0);
    server.advance(1 * DAY_MS);
    await look();
    await look();
    const first = await reminders(draft.username);
    expect(first).toHaveLength(1);
    // Thirty days' notice: the date is the limit's end, the moment this first reminder became due.
    expect(decodeMailBody(first[0]!)).toContain(`will be deleted on ${formatDay(server.clock() + 30 * DAY_MS)}.`);
    expect(decodeMailBody(first[0]!)).toContain(`${server.config.publicUrl}/login`);

    server.advance(22 * DAY_MS);
    await look();
    expect(await reminders(draft.username)).toHaveLength(1);
    server.advance(1 * DAY_MS);
    await look();
    await look();
    expect(await reminders(draft.username)).toHaveLength(2);
    expect(await exists(draft.accountId)).toBe(true);

    server.advance(7 * DAY_MS);
    await Promise.all([look(), look()]);
    for (const loop of loops) loop.poke();
    await purgesRun();
    expect(await exists(draft.accountId)).toBe(false);
    expect(await objectsOf(draft.accountId)).toEqual([]);
    const purges = await server.store.applicantData.purges(draft.accountId);
    expect(purges).toHaveLength(1);
    expect(purges[0]).toMatchObject({ reason: 'draft-expiry', purged_by: 'housekeeping', objects_cleared_at: expect.any(Number) });
    expect(JSON.parse(purges[0]!.counts)).toMatchObject({ accounts: 1, answers: expect.any(Number), uploads: 1, conversions: 1, sessions: expect.any(Number), password_resets: 1, draft_reminders: 2 });
    expect(JSON.parse(purges[0]!.counts).sessions).toBeGreaterThan(0);
    const naming: string[] = [];
    for (const [table, rows] of Object.entries(await everyRow(server.database))) {
      for (const row of rows) if ([draft.username, draft.lastName].some((text) => row.toLowerCase().includes(text.toLowerCase()))) naming.push(`${table}: ${row}`);
    }
    expect(naming).toEqual([]);
  }, 120_000);

  it('a sign-in resets the clock: no deletion, and the reminders start again', async () => {
    const draft = await applicant('returning');
    server.advance(55 * DAY_MS);
    await look();
    expect(await reminders(draft.username)).toHaveLength(1);
    expect((await new ApiClient(server.baseUrl).post(apiPaths.login, { username: draft.username, password: GOOD_PASSWORD })).status).toBe(200);
    server.advance(10 * DAY_MS);
    await look();
    for (const loop of loops) loop.poke();
    await purgesRun();
    expect(await exists(draft.accountId)).toBe(true);
    expect(await reminders(draft.username)).toHaveLength(1);
    server.advance(21 * DAY_MS);
    await look();
    expect(await reminders(draft.username)).toHaveLength(2);
  }, 60_000);

  it('a submitted application is untouched by draft expiry, listed for admins, then purged after its retention', async () => {
    const term = entryTermsOn(new Date(server.clock()))[0]!.value;
    const submitted = await applicant('submitted', { [roleKeys.term]: term });
    expect((await server.store.submissions.submit(submitted.accountId, server.clock(), () => ({}))).kind).toBe('submitted');
    // Letters are asked for after submission: the retention purge takes the requests and their mails.
    const asked = recommender('retained-letter');
    await nameRecommender(submitted.client, asked);
    await mailedToken(server, asked.email);
    const draft = await applicant('draft-listed');
    server.advance(45 * DAY_MS);
    await look();
    for (const loop of loops) loop.poke();
    await purgesRun();
    expect(await exists(submitted.accountId)).toBe(true);

    const reader = (await loggedInStaff(server, 'reader')).client;
    expect((await reader.get(staffPaths.dataExpiry)).status).toBe(403);
    const admin = (await loggedInStaff(server, 'admin')).client;
    const due = await admin.get<DataExpiryResponse>(staffPaths.dataExpiry);
    expect(due.status).toBe(200);
    const listed = due.body.drafts.find((entry) => entry.application_id === draft.accountId);
    expect(listed).toMatchObject({ email: draft.username, next_reminder: { days_before: 7 }, deletes_at: expect.any(String) });
    expect(due.body.submitted.find((entry) => entry.application_id === submitted.accountId)).toBeUndefined();

    const deletesAt = retentionEndsAt(term, server.clock(), server.config.dataExpiry);
    server.advance(deletesAt - server.clock() - 10 * DAY_MS);
    const soon = await (await loggedInStaff(server, 'admin')).client.get<DataExpiryResponse>(staffPaths.dataExpiry);
    expect(soon.body.submitted.find((entry) => entry.application_id === submitted.accountId)).toMatchObject({ term, deletes_at: new Date(deletesAt).toISOString() });
    await look();
    await purgesRun();
    expect(await exists(submitted.accountId)).toBe(true);

    server.advance(11 * DAY_MS);
    await Promise.all([look(), look()]);
    for (const loop of loops) loop.poke();
    await purgesRun();
    expect(await exists(submitted.accountId)).toBe(false);
    const [purge] = await server.store.applicantData.purges(submitted.accountId);
    expect(purge).toMatchObject({ reason: 'retention', purged_by: 'housekeeping' });
    expect(JSON.parse(purge!.counts)).toMatchObject({ accounts: 1, submissions: 1, recommendation_requests: 1, recommendation_links: 1 });
    expect(JSON.stringify(purge)).not.toContain(submitted.username);
    // The finished job, which names the account by its random id only, goes after 30 days (housekeeping).
    const jobsOf = async () => (await everyRow(server.database)).data_expiry_jobs!.filter((row) => row.includes(submitted.accountId));
    expect(await jobsOf()).toHaveLength(1);
    server.advance(31 * DAY_MS);
    await purgeExpired({ store: server.store, objects: server.objects, config: server.config, clock: server.clock, logger });
    expect(await jobsOf()).toEqual([]);
  }, 120_000);

  // Last: its job waits, which the other tests' waits for an empty queue would not see end.
  it('a draft purge that comes before its time (the settings changed since it was planned) waits for it, uncounted', async () => {
    const draft = await applicant('early');
    const activity = (await server.store.dataExpiry.activityOf(draft.accountId))!;
    const id = `draft-expiry:${draft.accountId}:${activity}`;
    expect(await server.store.dataExpiry.plan({ id, account_id: draft.accountId, reason: 'draft-expiry', activity_at: activity, due_at: server.clock() }, server.clock())).toBe(true);
    for (const loop of loops) loop.poke();
    const job = await until('the job given back', async () => {
      const row = (await everyRow(server.database)).data_expiry_jobs!.map((text) => JSON.parse(text) as { id: string; status: string; attempts: number; due_at: number | string }).find((candidate) => candidate.id === id);
      return row?.status === 'UNPROCESSED' && Number(row.due_at) > server.clock() ? row : undefined;
    });
    expect(job.attempts).toBe(0);
    expect(Number(job.due_at)).toBeGreaterThanOrEqual(activity + server.config.dataExpiry.draftExpiryDays * DAY_MS);
    expect(await exists(draft.accountId)).toBe(true);
  });
});
