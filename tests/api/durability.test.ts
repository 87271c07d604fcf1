import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, conversionPath, type ApplicationPdfResponse, type ConversionStatusResponse, type ProfileResponse } from '../../common/api';
import { answerFields } from '../../common/form/model';
import { openStore, type Store } from '../../backend/open-store';
import { buildPdf } from '../../scripts/support/documents';
import { plainAnswerKeys } from '../../scripts/support/plain-answer-keys';
import { seededRandom } from '../../scripts/support/seeded-random';
import { latestCode, readOutbox, waitForMail } from '../../scripts/support/mail';
import { GOOD_PASSWORD, loggedInApplicant, uniqueEmail } from '../../scripts/support/accounts';
import { createProcessStore, freePort, startBackendProcess, type BackendProcess, type ProcessStore } from '../../scripts/support/backend-process';
import { createTestDatabase, dialects, type TestDatabase } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { startInstance } from './support/shared-database-server';
import { startTestServer, type TestServer } from './support/test-server';
import { APPLICATION_PDF_END_BOUND_MS, CONVERSION_END_BOUND_MS, untilEnded, uploadFile } from '../../scripts/support/uploads';
import { dataDirSealer } from '../../backend/security/sealing-keys';

/**
 * Issue 9 part 3, "nothing lost": saves from two tabs at once, a backend killed in the middle of a
 * stream of saves, and two instances over one PostgreSQL database.
 */

const PLAIN_KEYS = plainAnswerKeys;

type HistoryRow = { answer_key: string; old_value: string | null; new_value: string | null };

/** Per key, the history rows in order; every row's old value is the previous row's new value. */
function historyChains(history: HistoryRow[]): Map<string, HistoryRow[]> {
  const chains = new Map<string, HistoryRow[]>();
  for (const row of history) chains.set(row.answer_key, [...(chains.get(row.answer_key) ?? []), row]);
  return chains;
}

async function accountIdOf(client: ApiClient, store: Store): Promise<string> {
  const username = (await client.get<ProfileResponse>('/api/profile')).body.username;
  return (await store.accounts.findByUsername(username))!.id;
}

/** A second browser tab: the same session cookie, its own connection. */
function sameSession(client: ApiClient, baseUrl: string): ApiClient {
  const tab = new ApiClient(baseUrl);
  for (const [name, value] of client.cookies) tab.cookies.set(name, value);
  return tab;
}

describe.each(dialects)('nothing lost on %s', (dialect) => {
  describe('two tabs of one applicant saving at once', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect);
    });
    afterAll(() => server.close());

    it('keeps every acknowledged save, the last one sent per key, and every change in an unbroken history', async () => {
      expect(PLAIN_KEYS.length).toBeGreaterThanOrEqual(20);
      const username = uniqueEmail('tabs');
      const first = await loggedInApplicant(server, username);
      // Two tabs share one login's cookie; two more are a second login of the same account.
      const second = new ApiClient(server.baseUrl);
      expect((await second.post('/public/login', { username, password: GOOD_PASSWORD })).status).toBe(200);
      expect(second.cookieHeader()).not.toBe(first.cookieHeader());
      const tabs = [first, sameSession(first, server.baseUrl), second, sameSession(second, server.baseUrl)];

      const shared = PLAIN_KEYS.slice(0, 6);
      const own = tabs.map((_, index) => PLAIN_KEYS.slice(6 + index * 3, 9 + index * 3));
      const SAVES_PER_TAB = 30;
      // Per tab and key, the values in the order the tab sent them; a tab sends its next save once
      // the previous one is acknowledged, as the renderer's save queue does.
      const sent = tabs.map(() => new Map<string, string[]>());
      await Promise.all(
        tabs.map(async (tab, index) => {
          const next = seededRandom(1000 + index);
          for (let save = 0; save < SAVES_PER_TAB; save += 1) {
            const pool = [...shared, ...own[index]!];
            const keys = pool.filter(() => next() < 0.35);
            if (keys.length === 0) keys.push(pool[Math.floor(next() * pool.length)]!);
            // Overlapping keys in different orders from different tabs.
            keys.sort(() => next() - 0.5);
            const patch = Object.fromEntries(keys.map((key) => [key, `t${index}s${save}`]));
            const response = await tab.put('/api/answer', patch);
            expect(response.status, JSON.stringify(response.body)).toBe(200);
            for (const key of keys) sent[index]!.set(key, [...(sent[index]!.get(key) ?? []), patch[key]!]);
          }
        }),
      );

      const answers = (await first.get<ProfileResponse>('/api/profile')).body.answer;
      const history = await server.store.answers.history(await accountIdOf(first, server.store));
      const chains = historyChains(history);
      for (const key of [...shared, ...own.flat()]) {
        const perTab = sent.map((values) => values.get(key) ?? []);
        const all = perTab.flat();
        if (all.length === 0) {
          expect(answers[key], key).toBeUndefined();
          continue;
        }
        const lasts = perTab.filter((values) => values.length > 0).map((values) => values.at(-1));
        expect(lasts, `${key}: the stored value is the last one a tab sent`).toContain(answers[key]);
        const chain = chains.get(key) ?? [];
        // Every value is new (tab and save numbers), so every acknowledged save is one change.
        expect(chain.map((row) => JSON.parse(row.new_value!) as string).sort(), `${key}: one history row per save`).toEqual([...all].sort());
        expect(chain.at(-1)!.new_value, `${key}: the last change is the stored value`).toBe(JSON.stringify(answers[key]));
        expect(
          chain.map((row) => row.old_value),
          `${key}: each change starts from the value the previous one left`,
        ).toEqual([null, ...chain.slice(0, -1).map((row) => row.new_value)]);
      }
      expect(history.filter((row) => !PLAIN_KEYS.includes(row.answer_key))).toEqual([]);
    });
  });

  describe('a backend killed with SIGKILL in the middle of a stream of saves', () => {
    let store: ProcessStore;
    let backend: BackendProcess | null = null;
    beforeAll(async () => {
      store = await createProcessStore(dialect);
    });
    afterAll(async () => {
      await backend?.kill();
      await store.drop();
    });

    it('keeps every save acknowledged before the kill, and serves the same session after a restart', async () => {
      const port = await freePort();
      backend = await startBackendProcess(store, port);
      const username = uniqueEmail('killed');
      const client = new ApiClient(backend.baseUrl);
      expect((await client.post('/public/signup', { username, password: GOOD_PASSWORD })).status).toBe(201);
      const code = await waitForMail(() => readOutbox(store.dataDir), (mails) => latestCode(mails, username));
      expect((await client.post('/public/confirm', { username, code })).status).toBe(200);
      expect((await client.post('/public/login', { username, password: GOOD_PASSWORD })).status).toBe(200);

      // Eight lanes, each owning its keys and saving them one after another with new values.
      const LANES = 8;
      const KILL_AFTER = 120;
      const keysOf = (lane: number) => PLAIN_KEYS.filter((_, index) => index % LANES === lane);
      const acknowledged = new Map<string, string>();
      const inFlight = new Map<string, string>();
      const acknowledgedValues: string[] = [];
      let failedAfterKill = 0;
      let killed = false;
      let killing: Promise<void> | null = null;
      let inFlightAtKill = 0;
      const lanes = Array.from({ length: LANES }, async (_, lane) => {
        const tab = sameSession(client, backend!.baseUrl);
        for (let save = 0; !killed; save += 1) {
          const keys = keysOf(lane);
          const key = keys[save % keys.length]!;
          const value = `l${lane}s${save}`;
          inFlight.set(key, value);
          try {
            const response = await tab.put('/api/answer', { [key]: value });
            expect(response.status, JSON.stringify(response.body)).toBe(200);
            acknowledged.set(key, value);
            acknowledgedValues.push(value);
            inFlight.delete(key);
          } catch (error) {
            if (!killed) throw error;
            failedAfterKill += 1;
            return;
          }
          if (!killed && acknowledgedValues.length >= KILL_AFTER) {
            killed = true;
            inFlightAtKill = inFlight.size;
            killing = backend!.kill();
          }
        }
      });
      await Promise.all(lanes);
      await killing;
      expect(backend.child.signalCode).toBe('SIGKILL');
      expect(inFlightAtKill, 'saves were in flight when the process was killed').toBeGreaterThan(0);

      backend = await startBackendProcess(store, port);
      // The session lives in the database, so it survives the process.
      const after = sameSession(client, backend.baseUrl);
      const profile = await after.get<ProfileResponse>('/api/profile');
      expect(profile.status).toBe(200);
      const answers = profile.body.answer;
      for (const [key, value] of acknowledged) {
        // The save in flight for the key when the process died may or may not have been kept.
        const possible = inFlight.has(key) ? [value, inFlight.get(key)] : [value];
        expect(possible, `${key} after the restart`).toContain(answers[key]);
      }
      const reopened = await openStore({ databaseUrl: store.databaseUrl, dataDir: store.dataDir, sealer: dataDirSealer(store.dataDir) });
      try {
        const history = await reopened.answers.history(await accountIdOf(after, reopened));
        const changed = new Set(history.map((row) => JSON.parse(row.new_value!) as string));
        expect(acknowledgedValues.filter((value) => !changed.has(value)), 'acknowledged saves missing from the history').toEqual([]);
      } finally {
        await reopened.close();
      }
      // And the restarted process takes saves again.
      expect((await after.put('/api/answer', { [PLAIN_KEYS[0]!]: 'after the restart' })).status).toBe(200);
      expect((await after.get<ProfileResponse>('/api/profile')).body.answer[PLAIN_KEYS[0]!]).toBe('after the restart');
      console.info(`${dialect}: ${acknowledgedValues.length} saves acknowledged, ${inFlightAtKill} in flight at the kill, ${failedAfterKill} failed with it`);
    });
  });
});

describe('two instances over one PostgreSQL database', () => {
  let database: TestDatabase;
  const instances: TestServer[] = [];
  const conversions: { instance: number; outcome: string; jobId: string }[] = [];
  const pdfs: { instance: number; outcome: string; jobId: string }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    for (const index of [0, 1]) {
      instances.push(
        await startInstance(database, {
          workerId: `instance-${index}`,
          onConversion: (outcome, jobId) => conversions.push({ instance: index, outcome, jobId }),
          onApplicationPdf: (outcome, jobId) => pdfs.push({ instance: index, outcome, jobId }),
        }),
      );
    }
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await database.drop();
  });

  it('serves one session on both: profile, alternating saves, tabs, add-another', async () => {
    const [a, b] = instances as [TestServer, TestServer];
    const throughA = await loggedInApplicant(a);
    const throughB = sameSession(throughA, b.baseUrl);
    const username = (await throughA.get<ProfileResponse>('/api/profile')).body.username;
    expect((await throughB.get<ProfileResponse>('/api/profile')).body.username).toBe(username);

    const expected: Record<string, string> = {};
    for (let save = 0; save < 20; save += 1) {
      const key = PLAIN_KEYS[save % 10]!;
      expected[key] = `save ${save}`;
      expect((await (save % 2 === 0 ? throughA : throughB).put('/api/answer', { [key]: expected[key] })).status).toBe(200);
    }
    expect((await throughA.get<ProfileResponse>('/api/profile')).body.answer).toEqual(expected);
    expect((await throughB.get<ProfileResponse>('/api/profile')).body.answer).toEqual(expected);

    expect((await throughA.put('/api/tabs', { tab_id: 'personal_statement', chosen_tab: 'upload' })).status).toBe(200);
    expect((await throughB.put('/api/tabs', { tab_id: 'personal_statement', chosen_tab: 'text' })).status).toBe(200);
    expect((await throughA.get('/api/tabs')).body).toEqual({ personal_statement: 'text' });
    expect((await throughB.put('/api/add-another', { button_id: 'college', num_components: 3 })).status).toBe(200);
    expect((await throughA.get('/api/add-another')).body).toEqual({ college: 3 });

    // Logging out through one instance ends the session on both.
    expect((await throughB.get('/api/logout')).status).toBe(200);
    expect((await throughA.get('/api/profile')).status).toBe(401);
  });

  it('converts a document started through one instance exactly once, its status the same through both', async () => {
    const [a, b] = instances as [TestServer, TestServer];
    const throughA = await loggedInApplicant(a);
    const throughB = sameSession(throughA, b.baseUrl);
    const answerKey = answerFields.find((field) => field.type === 'upload')!.key;
    const fileKey = await uploadFile(a, throughA, answerKey, await buildPdf(['Converted by whichever instance claims it.']));
    expect((await throughA.post(conversionPath(answerKey), { file_key: fileKey, file_name: 'statement.pdf' })).status).toBe(202);

    // Up to the conversion's own end, not a guess at its length.
    const { status } = await untilEnded(
      async () => (await throughB.get<ConversionStatusResponse>(conversionPath(answerKey))).body,
      (body) => {
        expect(body.status).not.toBe('FAILED');
        return body.status === 'COMPLETED';
      },
      CONVERSION_END_BOUND_MS,
    );
    expect(status).toBe('COMPLETED');
    expect((await throughA.get<ConversionStatusResponse>(conversionPath(answerKey))).body.status).toBe('COMPLETED');
    // Both loops keep polling; give them time to (wrongly) take the job again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const accountId = await accountIdOf(throughA, a.store);
    const job = (await a.store.conversions.find(accountId, answerKey))!;
    expect(job).toMatchObject({ status: 'COMPLETED', attempts: 1 });
    expect(conversions.filter((entry) => entry.jobId === job.id)).toEqual([{ instance: expect.any(Number), outcome: 'completed', jobId: job.id }]);
    expect(job.claimed_by).toBe(`instance-${conversions.find((entry) => entry.jobId === job.id)!.instance}-conversions`);
    expect((await throughA.get<ProfileResponse>('/api/profile')).body.answer[answerKey]).toBe('ANSWERED');
    expect((await throughB.get<ProfileResponse>('/api/profile')).body.answer[answerKey]).toBe('ANSWERED');
  }, CONVERSION_END_BOUND_MS + 30_000);

  it('makes the application PDF asked for through one instance once, and serves it through both', async () => {
    const [a, b] = instances as [TestServer, TestServer];
    const throughA = await loggedInApplicant(a);
    const throughB = sameSession(throughA, b.baseUrl);
    expect((await throughB.put('/api/answer', { first_name: 'Ada', last_name: 'Lovelace' })).status).toBe(200);

    // Up to the render's own end, not a guess at its length.
    const pdf = await untilEnded(
      async () => (await throughA.get<ApplicationPdfResponse>(apiPaths.pdf)).body,
      (body) => {
        expect(body.status).not.toBe('FAILED');
        return body.status === 'COMPLETED';
      },
      APPLICATION_PDF_END_BOUND_MS,
    );
    expect(pdf.status).toBe('COMPLETED');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await throughB.get<ApplicationPdfResponse>(apiPaths.pdf)).body).toEqual(pdf);
    const completed = pdfs.filter((entry) => entry.outcome === 'completed');
    expect(completed, 'one generation for the one request').toHaveLength(1);
    for (const client of [throughA, throughB]) {
      const response = await fetch((client === throughA ? a : b).baseUrl + pdf.url!, { headers: { cookie: client.cookieHeader() } });
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    }
  }, APPLICATION_PDF_END_BOUND_MS + 30_000);
});
