import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, type Answers } from '../../common/api';
import { staffParamPaths, staffPaths, type AccessLogResponse, type InboxResponse, type StaffApplicationResponse } from '../../common/staff-api';
import { tokenPaths, type MintedTokenResponse } from '../../common/token-api';
import { answerFields } from '../../common/form/model';
import { tenant } from '../../common/form/tenant';
import { startOfDayIn } from '../../backend/staff/time-zone-days';
import { createAccessTokenService } from '../../backend/access-tokens/token-service';
import { sql } from 'kysely';
import { buildPdf } from '../../scripts/support/documents';
import { loggedInApplicant, uniqueEmail } from '../../scripts/support/accounts';
import { createTestDatabase, dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { loggedInStaff } from './support/staff';
import { startTestServer, type TestServer } from './support/test-server';
import { APPLICATION_PDF_END_BOUND_MS, convertedUpload, untilEnded } from '../../scripts/support/uploads';

/** Issue 19, items 2 and 4: the inbox's search, filters, sort and paging; an application opened; the access log. */

const UPLOAD_KEY = answerFields.find((field) => field.type === 'upload')!.key;
const HOUR = 3_600_000;

interface Seeded {
  id: string;
  email: string;
}

describe.each(dialects)('staff inbox on %s', (dialect) => {
  let server: TestServer;
  let reader: ApiClient;
  let admin: ApiClient;
  let readerEmail: string;
  const seeded: Record<'jose' | 'wang' | 'obrien' | 'lukasz' | 'empty', Seeded> = {} as never;

  async function seed(name: keyof typeof seeded, answers: Answers, submittedAt?: number): Promise<void> {
    const id = randomUUID();
    const email = uniqueEmail(`inbox-${name}`);
    const now = server.clock();
    await server.store.accounts.create({ id, username: email, password_hash: 'x', confirmed_at: now, created_at: now, updated_at: now });
    if (Object.keys(answers).length > 0) await server.store.answers.merge(id, answers, 'applicant', now);
    if (submittedAt !== undefined) expect((await server.store.submissions.submit(id, submittedAt, () => ({}))).kind).toBe('submitted');
    seeded[name] = { id, email };
  }

  const choice = (campus: string, campusLabel: string, program: string, programLabel: string): Answers => ({
    campus_preferrence: campus,
    campus_preferrence_desc: campusLabel,
    applied_major: program,
    applied_major_desc: programLabel,
    entry_term: '2027FA',
    entry_term_desc: 'Fall 2027',
  });
  const march = (day: string, hours: number) => startOfDayIn(tenant.time_zone, day) + hours * HOUR;

  beforeAll(async () => {
    server = await startTestServer(dialect, { applicationPdfs: true });
    await seed('jose', { first_name: 'José', last_name: 'Álvarez', email_address: 'jose.personal@example.com', ...choice('M', 'Main campus', 'MPA', 'Public Administration (MPA)') }, march('2026-03-02', 1));
    await seed('wang', { first_name: '小明', last_name: '王', ...choice('M', 'Main campus', 'MBA', 'Business Administration (MBA)') });
    await seed('obrien', { first_name: 'Mary "May"', last_name: "O'Brien, Jr.", ...choice('D', 'Downtown', 'MPA', 'Public Administration (MPA)') });
    // Submitted late in the evening in the office's time zone: the next day in UTC.
    await seed('lukasz', { first_name: 'Łukasz', middle_name: 'Jan', last_name: 'Żółć', ...choice('D', 'Downtown', 'MBA', 'Business Administration (MBA)') }, march('2026-03-05', 23));
    await seed('empty', {});
    ({ client: reader, staff: { email: readerEmail } } = await loggedInStaff(server, 'reader'));
    ({ client: admin } = await loggedInStaff(server, 'admin'));
  }, 60_000);
  afterAll(() => server.close());

  async function inbox(query: string): Promise<InboxResponse> {
    const answer = await reader.get<InboxResponse>(`${staffPaths.applications}?${query}`);
    expect(answer.status, query).toBe(200);
    return answer.body;
  }
  const ids = (response: InboxResponse) => response.rows.map((row) => row.id);
  const mine = (response: InboxResponse) => ids(response).filter((id) => Object.values(seeded).some((entry) => entry.id === id));

  it('lists every application, submitted and in progress, with the columns of the table', async () => {
    const all = await inbox('page_size=100');
    expect(all.total).toBe(5);
    const jose = all.rows.find((row) => row.id === seeded.jose.id)!;
    expect(jose).toEqual({
      id: seeded.jose.id,
      name: 'José Álvarez',
      email: seeded.jose.email,
      program: 'Public Administration (MPA)',
      campus: 'Main campus',
      term: 'Fall 2027',
      status: 'submitted',
      submitted_at: new Date(march('2026-03-02', 1)).toISOString(),
      last_saved_at: expect.any(String),
      documents: 0,
      // Submitted before the checklist had its summary: the inbox makes it (no college named, the fee awaited).
      checklist: { complete: false, fee_awaiting: true, transcripts_missing: 0, letters_missing: 0, documents_missing: 0, outstanding: 1 },
    });
    expect(all.rows.find((row) => row.id === seeded.wang.id)).toMatchObject({ name: '小明 王', status: 'in_progress', submitted_at: null, checklist: null });
    expect(all.rows.find((row) => row.id === seeded.empty.id)).toMatchObject({ name: '', program: '', status: 'in_progress', last_saved_at: null });
  });

  it('searches names and e-mail addresses with case and accents ignored, in any script', async () => {
    const cases: [string, (keyof typeof seeded)[]][] = [
      ['jose', ['jose']],
      ['ÁLVAREZ', ['jose']],
      ['jose alvarez', ['jose']],
      ['jose.personal@', ['jose']],
      [seeded.wang.email.toUpperCase(), ['wang']],
      ['小明', ['wang']],
      ['lukasz jan zolc', ['lukasz']],
      ['ŻÓŁĆ', ['lukasz']],
      ["o'brien, jr", ['obrien']],
      ['"may"', ['obrien']],
      ['%', []],
      ['_', []],
      ['nobody-at-all', []],
    ];
    for (const [q, expected] of cases) {
      const found = await inbox(`q=${encodeURIComponent(q)}`);
      expect(found.rows.map((row) => row.id).sort(), q).toEqual(expected.map((name) => seeded[name].id).sort());
      expect(found.total, q).toBe(expected.length);
    }
  });

  it('filters by status, program, campus, term and days of submission in the office time zone', async () => {
    const set = (response: InboxResponse) => new Set(ids(response));
    const named = (...names: (keyof typeof seeded)[]) => new Set(names.map((name) => seeded[name].id));
    expect(set(await inbox('status=submitted'))).toEqual(named('jose', 'lukasz'));
    expect(set(await inbox('status=in_progress'))).toEqual(named('wang', 'obrien', 'empty'));
    expect(set(await inbox('program=MPA'))).toEqual(named('jose', 'obrien'));
    expect(set(await inbox('campus=D&program=MBA'))).toEqual(named('lukasz'));
    expect(set(await inbox('term=2027FA&status=in_progress'))).toEqual(named('wang', 'obrien'));
    expect(set(await inbox('from=2026-03-05&to=2026-03-05'))).toEqual(named('lukasz'));
    expect(set(await inbox('from=2026-03-01&to=2026-03-04'))).toEqual(named('jose'));
    expect(set(await inbox('from=2026-03-06'))).toEqual(new Set());
    expect(set(await inbox('to=2026-03-02'))).toEqual(named('jose'));
  });

  it('sorts on the server, ties broken by id, and pages without losing or repeating a row', async () => {
    const byName = await inbox('sort=name&order=asc');
    const order = mine(byName).filter((id) => id !== seeded.empty.id);
    expect(order).toEqual([seeded.jose.id, seeded.obrien.id, seeded.lukasz.id, seeded.wang.id]);
    expect(mine(await inbox('sort=name&order=desc')).filter((id) => id !== seeded.empty.id)).toEqual([...order].reverse());
    // Submitted first by day, the ones without a submission last either way.
    expect(mine(await inbox('sort=submitted_at&order=desc')).slice(0, 2)).toEqual([seeded.lukasz.id, seeded.jose.id]);
    expect(mine(await inbox('sort=submitted_at&order=asc')).slice(0, 2)).toEqual([seeded.jose.id, seeded.lukasz.id]);

    const pages = [await inbox('sort=email&page_size=2&page=1'), await inbox('sort=email&page_size=2&page=2'), await inbox('sort=email&page_size=2&page=3')];
    expect(pages.map((page) => page.rows.length)).toEqual([2, 2, 1]);
    for (const page of pages) expect(page).toMatchObject({ total: 5, page_size: 2 });
    const paged = pages.flatMap(ids);
    expect(new Set(paged).size).toBe(5);
    expect(paged).toEqual(ids(await inbox('sort=email')));
    expect((await inbox('page=9')).rows).toEqual([]);
  });

  it('refuses parameters it does not know with 400 and a message', async () => {
    for (const query of ['status=done', 'sort=password_hash', 'order=up', 'page=0', 'page=-1', 'page_size=1000', 'page_size=x', 'from=2026-02-30', 'to=yesterday', 'q=a&q=b', `q=${'x'.repeat(201)}`, 'program=a&program=b']) {
      const answer = await reader.get<{ message: string }>(`${staffPaths.applications}?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message, query).toMatch(/\S/);
    }
  });

  it('follows the applications as they change: a new name, a submission, a new account', async () => {
    await server.store.answers.merge(seeded.obrien.id, { first_name: 'Maire' }, 'applicant', server.clock());
    expect((await inbox(`q=maire`)).rows.map((row) => row.name)).toEqual(["Maire O'Brien, Jr."]);
    expect(await server.store.submissions.submit(seeded.wang.id, server.clock(), () => ({}))).toMatchObject({ kind: 'submitted' });
    expect((await inbox('q=小明')).rows[0]).toMatchObject({ status: 'submitted' });
    const applicant = await loggedInApplicant(server);
    expect((await applicant.put('/api/answer', { first_name: 'Newcomer' })).status).toBe(200);
    expect((await inbox('q=newcomer')).total).toBe(1);
  });

  it('opens an application read-only with its documents and PDF, and logs each view and download for admins to see', async () => {
    const applicant = await loggedInApplicant(server, uniqueEmail('inbox-documents'));
    expect((await applicant.put('/api/answer', { first_name: 'Dora', last_name: 'Documents' })).status).toBe(200);
    const upload = await convertedUpload(server, applicant, UPLOAD_KEY, { bytes: await buildPdf(['A statement for the office.']), fileName: 'statement.pdf' });
    const id = upload.accountId;

    const view = await reader.get<StaffApplicationResponse>(fillPath(staffParamPaths.application, { id }));
    expect(view.status).toBe(200);
    expect(view.body.answer).toEqual(await server.store.answers.list(id));
    expect(view.body.document_answer[UPLOAD_KEY]).toMatchObject({ file_name: 'statement.pdf' });
    expect(view.body.summary).toMatchObject({ id, name: 'Dora Documents', documents: 1 });
    const document = await fetch(`${server.baseUrl}${fillPath(staffParamPaths.applicationDocument, { id, key: UPLOAD_KEY })}`, { headers: { cookie: reader.cookieHeader() } });
    expect(document.status).toBe(200);
    expect(document.headers.get('content-type')).toBe('application/pdf');
    // Issue 33 item 7: the link shows the document in the browser rather than forcing a download.
    expect(document.headers.get('content-disposition')).toBe(`inline; filename="statement.pdf"; filename*=UTF-8''statement.pdf`);
    expect(document.headers.get('x-content-type-options')).toBe('nosniff');
    expect(document.headers.get('content-security-policy')).toBe("default-src 'none'; object-src 'self'; frame-ancestors 'none'");
    expect(Buffer.from(await document.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');

    // Up to the render's own end, not a guess at its length.
    const pdf = await untilEnded(
      () => fetch(`${server.baseUrl}${fillPath(staffParamPaths.applicationPdf, { id })}`, { headers: { cookie: reader.cookieHeader() } }),
      (response) => response.status !== 202,
      APPLICATION_PDF_END_BOUND_MS,
      200,
    );
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');

    // Unknown and malformed ids, and questions without a document, are 404s.
    for (const other of [randomUUID(), 'not-an-id', "1' or '1'='1"]) {
      expect((await reader.get(fillPath(staffParamPaths.application, { id: other }))).status).toBe(404);
      expect((await reader.get(fillPath(staffParamPaths.applicationPdf, { id: other }))).status).toBe(404);
    }
    expect((await reader.get(fillPath(staffParamPaths.applicationDocument, { id, key: 'first_name' }))).status).toBe(404);

    // A service link's view is logged with the token that made it.
    const tokens = createAccessTokenService({ store: server.store, objects: server.objects, clock: server.clock, publicUrl: server.baseUrl });
    const minted: MintedTokenResponse = await tokens.mintServiceToken({ username: (await server.store.accounts.findById(id))!.username }, 'command');
    expect((await new ApiClient(server.baseUrl).get(`${tokenPaths.serviceApplication}?service_token=${minted.token}`)).status).toBe(200);

    // Readers do not see the log; admins do, newest first, by staff member and by applicant.
    expect((await reader.get(staffPaths.accessLog)).status).toBe(403);
    const applicantEmail = (await server.store.accounts.findById(id))!.username;
    const log = await admin.get<AccessLogResponse>(`${staffPaths.accessLog}?applicant=${encodeURIComponent(applicantEmail.toUpperCase())}`);
    expect(log.status).toBe(200);
    const actions = log.body.entries.map((entry) => `${entry.actor}:${entry.staff_email ?? entry.token_created_by}:${entry.action}:${entry.detail ?? ''}`);
    expect(actions).toEqual([
      'service-token:command:view:',
      `staff:${readerEmail}:pdf:`,
      `staff:${readerEmail}:document:${UPLOAD_KEY}`,
      `staff:${readerEmail}:view:`,
    ]);
    for (const entry of log.body.entries) {
      expect(entry).toMatchObject({ application_id: id, applicant_email: applicantEmail });
      expect(entry.address).toMatch(/127\.0\.0\.1/);
      expect(Date.parse(entry.at)).not.toBeNaN();
    }
    expect(log.body.entries[0]!.token).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(JSON.stringify(log.body)).not.toContain(minted.token);

    const byReader = await admin.get<AccessLogResponse>(`${staffPaths.accessLog}?staff=${encodeURIComponent(readerEmail)}&page_size=100`);
    expect(byReader.body.entries.every((entry) => entry.staff_email === readerEmail)).toBe(true);
    expect(byReader.body.entries.some((entry) => entry.action === 'list' && entry.application_id === null)).toBe(true);
    expect((await admin.get(`${staffPaths.accessLog}?page=0`)).status).toBe(400);
    // Nothing in the product edits or deletes it.
    for (const method of ['PUT', 'POST', 'DELETE', 'PATCH']) expect((await admin.request(method, staffPaths.accessLog, method === 'DELETE' ? undefined : {})).status, method).toBe(405);
  }, APPLICATION_PDF_END_BOUND_MS + 30_000);
});

describe.each(dialects)('the access log on %s', (dialect) => {
  it('refuses UPDATE and DELETE in the database itself', async () => {
    const database = await createTestDatabase(dialect);
    const store = await database.open();
    const db = database.openDb();
    try {
      await store.accessLog.append({ at: 1, actor_kind: 'staff', staff_id: 's', staff_email: 's@example.edu', token_hash: null, token_created_by: null, account_id: null, action: 'list', detail: null, address: '127.0.0.1' });
      await expect(db.kysely.updateTable('staff_access_log').set({ action: 'nothing' }).execute()).rejects.toThrow(/append-only/);
      await expect(db.kysely.deleteFrom('staff_access_log').execute()).rejects.toThrow(/append-only/);
      if (dialect === 'postgres') await expect(sql`truncate staff_access_log`.execute(db.kysely)).rejects.toThrow(/append-only/);
      expect((await store.accessLog.page({ offset: 0, limit: 10 })).entries).toHaveLength(1);
    } finally {
      await db.close();
      await store.close();
      await database.drop();
    }
  });
});
