import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffPaths, type ExportedApplication, type InboxResponse } from '../../common/staff-api';
import { institutionToday, isoDateOf } from '../../common/form/calendar-day';
import { inboxMessages } from '../../backend/staff/inbox';
import { EXPORT_CHECKLIST_COLUMNS } from '../../backend/staff/exports';
import { MISSING_BATCH } from '../../backend/checklist/checklist-service';
import { completeApplication } from '../../scripts/support/complete-application';
import { loggedInApplicant } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { letterPath, mailedToken, nameRecommender, recommender, submittedApplicant } from './support/recommendations';
import { feePath, secondCollege, submittedThroughSubmit, transcriptPath } from './support/checklist';
import { loggedInStaff } from './support/staff';
import { startTestServer, type TestServer } from './support/test-server';

/** Issue 28 item 4: the inbox filters and sorts by completeness in SQL; the exports carry the checklist summary. */
describe.each(dialects)('the inbox by completeness on %s', (dialect) => {
  let server: TestServer;
  let admin: ApiClient;
  const tag = `cl${process.pid}${Date.now()}`;
  const ids = { complete: '', one: '', two: '', draft: '' };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = (await loggedInStaff(server, 'admin')).client;
    ids.complete = (await submittedThroughSubmit(server, { first_name: 'Ngozi', last_name: 'Okonkwo-Adébáyọ̀', completion_signature: 'Ngozi Okonkwo-Adébáyọ̀' }, `${tag}-complete@example.edu`)).accountId;
    ids.one = (await submittedThroughSubmit(server, { first_name: '小龙', last_name: '李', completion_signature: '李小龙' }, `${tag}-one@example.edu`)).accountId;
    ids.two = (await submittedThroughSubmit(server, { first_name: 'Zoë', last_name: 'Ñúñez', completion_signature: 'Zoë Ñúñez', ...secondCollege('Universidad de Chile') }, `${tag}-two@example.edu`)).accountId;
    await loggedInApplicant(server, `${tag}-draft@example.edu`);
    ids.draft = (await server.store.accounts.findByUsername(`${tag}-draft@example.edu`))!.id;
    expect((await admin.request('PUT', feePath(ids.complete), { state: 'waived' })).status).toBe(200);
    expect((await admin.request('PUT', transcriptPath(ids.complete, '1'), { state: 'received' })).status).toBe(200);
  });
  afterAll(() => server.close());

  const listed = async (query: string) => {
    const response = await admin.get<InboxResponse>(`${staffPaths.applications}?q=${tag}&${query}`);
    expect(response.status, query).toBe(200);
    return response.body.rows;
  };
  const idsOf = async (query: string) => (await listed(query)).map((row) => row.id);

  it('summarizes files submitted before there were summaries, a bounded batch at each listing', async () => {
    const now = server.clock();
    const oldTag = `old${process.pid}${Date.now()}`;
    const old: string[] = [];
    for (let index = 0; index <= MISSING_BATCH; index++) {
      const id = randomUUID();
      await server.store.accounts.create({ id, username: `${oldTag}-${index}@example.edu`, password_hash: 'x', confirmed_at: now, created_at: now, updated_at: now });
      await server.store.answers.merge(id, { ...completeApplication(), first_name: `Old ${index}` }, 'applicant', now);
      expect((await server.store.submissions.submit(id, now, () => ({}))).kind).toBe('submitted');
      old.push(id);
    }
    const missing = async () => (await server.store.checklist.withoutSummary(10_000)).filter((id) => old.includes(id)).length;
    expect(await missing()).toBe(MISSING_BATCH + 1);
    await listed('');
    expect(await missing()).toBe(1);
    await listed('');
    expect(await missing()).toBe(0);
    const page = await admin.get<InboxResponse>(`${staffPaths.applications}?q=${oldTag}&completeness=transcripts_missing`);
    expect(page.body.total).toBe(MISSING_BATCH + 1);
  }, 60_000);

  it('filters by completeness and carries each file\'s summary, null while in progress', async () => {
    expect(await idsOf('completeness=complete')).toEqual([ids.complete]);
    expect(new Set(await idsOf('completeness=fee_awaiting'))).toEqual(new Set([ids.one, ids.two]));
    expect(new Set(await idsOf('completeness=transcripts_missing'))).toEqual(new Set([ids.one, ids.two]));
    expect(await idsOf('completeness=letters_missing')).toEqual([]);
    expect(await idsOf('completeness=documents_missing')).toEqual([]);
    const rows = await listed('');
    expect(rows.find((row) => row.id === ids.complete)?.checklist).toEqual({ complete: true, fee_awaiting: false, transcripts_missing: 0, letters_missing: 0, documents_missing: 0, outstanding: 0 });
    expect(rows.find((row) => row.id === ids.two)?.checklist).toMatchObject({ complete: false, transcripts_missing: 2, outstanding: 3 });
    expect(rows.find((row) => row.id === ids.draft)?.checklist).toBeNull();
    expect(await admin.get(`${staffPaths.applications}?completeness=almost`)).toMatchObject({ status: 400, body: { message: inboxMessages.badParameter('completeness') } });
  });

  it('sorts by outstanding items either way, files in progress last', async () => {
    expect(await idsOf('sort=outstanding&order=asc')).toEqual([ids.complete, ids.one, ids.two, ids.draft]);
    expect(await idsOf('sort=outstanding&order=desc')).toEqual([ids.two, ids.one, ids.complete, ids.draft]);
  });

  it('counts a letter as it arrives, the summary refreshed by the letters\' side', async () => {
    const { client, accountId, username } = await submittedApplicant(server, { first_name: 'Ngozi', last_name: 'Okonkwo-Adébáyọ̀' });
    const lettersMissing = async () => {
      const rows = (await admin.get<InboxResponse>(`${staffPaths.applications}?q=${encodeURIComponent(username)}&completeness=letters_missing`)).body.rows;
      return rows.find((row) => row.id === accountId)?.checklist?.letters_missing;
    };
    expect(await lettersMissing()).toBe(2);
    const input = recommender();
    await nameRecommender(client, input);
    expect((await new ApiClient(server.baseUrl).post(letterPath(await mailedToken(server, input.email)), { letter_text: 'A letter.' })).status).toBe(201);
    expect(await lettersMissing()).toBe(1);
  });

  it('exports the summary in the CSV and JSON', async () => {
    const day = isoDateOf(institutionToday(server.clock()));
    const json = await admin.get<ExportedApplication[]>(`${staffPaths.exportJson}?from=${day}&to=${day}`);
    expect(json.body.find((application) => application.application_id === ids.complete)?.checklist).toEqual({ complete: true, fee_awaiting: false, transcripts_missing: 0, letters_missing: 0, documents_missing: 0, outstanding: 0 });
    expect(json.body.find((application) => application.application_id === ids.two)?.checklist).toMatchObject({ transcripts_missing: 2 });
    const csv = await admin.get<string>(`${staffPaths.exportCsv}?from=${day}&to=${day}&columns=first_name`);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(`${['application_id', 'email', 'submitted_at', ...EXPORT_CHECKLIST_COLUMNS, 'first_name'].map((column) => `"${column}"`).join(',')}`);
    const complete = lines.find((line) => line.startsWith(`"${ids.complete}"`))!;
    expect(complete.split(',').slice(3)).toEqual(['"true"', '"false"', '"0"', '"0"', '"0"', '"0"', '"Ngozi"']);
  });
});
