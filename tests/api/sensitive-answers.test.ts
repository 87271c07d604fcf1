import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, fillPath, type ProfileResponse } from '../../common/api';
import { staffParamPaths, staffPaths, type AccessLogResponse, type SensitiveAnswerResponse, type StaffApplicationResponse } from '../../common/staff-api';
import { SERVICE_TOKEN_PARAM, tokenPaths, type MintedTokenResponse, type ServiceApplicationResponse } from '../../common/token-api';
import { takeBackup } from '../../backend/backup/backup';
import { sensitiveAnswerMessages } from '../../backend/staff/sensitive-answer-routes';
import { roleMessages } from '../../backend/security/require-role';
import { tokenMessages } from '../../backend/access-tokens/token-messages';
import { loggedInApplicant, uniqueEmail } from '../../scripts/support/accounts';
import { dialects, TEST_DATABASE_URL } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { APPLICATION_PDF_END_BOUND_MS, untilEnded } from '../../scripts/support/uploads';
import { pdfText } from '../support/poppler';
import { logCapture } from './support/log-capture';
import { loggedInStaff } from './support/staff';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Issue 35 item 5: a sensitive answer (the SSN) is sealed at rest and shown as its last four
 * characters everywhere but to the applicant and to an admin who says why.
 */

const run = promisify(execFile);
const SSN = '123-45-6789';
const DIGITS = '123456789';
const MASKED = '•••-••-6789';
const REASON = 'Financial aid asked to match the FAFSA record.';

/** Whether a text holds the SSN's digits in either of its forms. */
const holdsSsn = (text: string) => text.includes(SSN) || text.includes(DIGITS);

function filesUnder(folder: string): string[] {
  return fs.readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every row of every table of the test's PostgreSQL schema, as text. */
async function postgresRowsAsText(schema: string): Promise<string> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    const tables = await client.query<{ table_name: string }>('select table_name from information_schema.tables where table_schema = $1', [schema]);
    expect(tables.rows.length).toBeGreaterThan(10);
    const texts: string[] = [];
    for (const { table_name } of tables.rows) {
      texts.push(...(await client.query<{ row: string }>(`select t::text as row from "${schema}"."${table_name}" as t`)).rows.map((row) => row.row));
    }
    return texts.join('\n');
  } finally {
    await client.end();
  }
}

describe.each(dialects)('sensitive answers on %s', (dialect) => {
  let server: TestServer;
  const logs = logCapture();
  let applicant: ApiClient;
  let accountId: string;
  let admin: ApiClient;
  let adminEmail: string;
  let reader: ApiClient;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-sensitive-'));

  beforeAll(async () => {
    server = await startTestServer(dialect, { applicationPdfs: { compress: false }, logDestination: logs.stream, env: { ADMIN_API_KEY: 'sensitive-admin-key-0123456789-abcdefghij' } });
    const username = uniqueEmail('sensitive');
    applicant = await loggedInApplicant(server, username);
    accountId = (await server.store.accounts.findByUsername(username))!.id;
    // A malformed SSN first (kept, named by validation), then the real one: both travel the save path.
    expect((await applicant.put(apiPaths.answer, { ssn: DIGITS })).status).toBe(200);
    expect((await applicant.put(apiPaths.answer, { ssn: SSN, first_name: 'Ada', last_name: 'Lovelace' })).status).toBe(200);
    ({ client: admin, staff: { email: adminEmail } } = await loggedInStaff(server, 'admin'));
    ({ client: reader } = await loggedInStaff(server, 'reader'));
  }, 60_000);
  afterAll(async () => {
    await server.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('stores the answer sealed and gives it back whole to the applicant who typed it', async () => {
    const row = await server.database.openDb().kysely.selectFrom('answers').select('value').where('account_id', '=', accountId).where('answer_key', '=', 'ssn').executeTakeFirstOrThrow();
    expect(JSON.parse(row.value)).toMatch(/^sealed:v1:/);
    const profile = await applicant.get<ProfileResponse>(apiPaths.profile);
    expect(profile.body.answer.ssn).toBe(SSN);
  });

  it('shows staff, the service view and the application PDF the last four digits', async () => {
    const view = await reader.get<StaffApplicationResponse>(fillPath(staffParamPaths.application, { id: accountId }));
    expect(view.status).toBe(200);
    expect(view.body.answer.ssn).toBe(MASKED);

    const minted = await admin.post<MintedTokenResponse>(staffPaths.serviceLinks, { application_id: accountId });
    const service = await new ApiClient(server.baseUrl).get<ServiceApplicationResponse>(`${tokenPaths.serviceApplication}?${SERVICE_TOKEN_PARAM}=${minted.body.token}`);
    expect(service.body.answer.ssn).toBe(MASKED);

    // Up to the render's own end, not a guess at its length.
    const pdf = await untilEnded(
      () => fetch(`${server.baseUrl}${fillPath(staffParamPaths.applicationPdf, { id: accountId })}`, { headers: { cookie: reader.cookieHeader() } }),
      (response) => response.status !== 202,
      APPLICATION_PDF_END_BOUND_MS,
      200,
    );
    expect(pdf.status).toBe(200);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('6789');
    expect(holdsSsn(text.replace(/\s+/g, ''))).toBe(false);
  }, APPLICATION_PDF_END_BOUND_MS + 30_000);

  it('gives an admin the full value only with a reason, and logs who asked and why; other staff are refused', async () => {
    const route = fillPath(staffParamPaths.sensitiveAnswer, { id: accountId, key: 'ssn' });
    const refused = await reader.post(route, { reason: REASON });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: roleMessages.forbidden });
    for (const body of [{}, { reason: '' }, { reason: 'why' }, { reason: 'x'.repeat(401) }, { reason: 42 }]) {
      const missing = await admin.post<{ message: string }>(route, body);
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe(sensitiveAnswerMessages.reasonRequired);
    }
    expect((await admin.post(fillPath(staffParamPaths.sensitiveAnswer, { id: accountId, key: 'first_name' }), { reason: REASON })).status).toBe(400);
    const before = await admin.get<AccessLogResponse>(`${staffPaths.accessLog}?page_size=100`);
    expect(before.body.entries.filter((entry) => entry.action === 'sensitive-answer')).toEqual([]);

    const full = await admin.post<SensitiveAnswerResponse>(route, { reason: REASON });
    expect(full.status).toBe(200);
    expect(full.headers.get('cache-control')).toBe('no-store');
    expect(full.body).toEqual({ value: SSN });
    const log = await admin.get<AccessLogResponse>(`${staffPaths.accessLog}?page_size=100`);
    const entries = log.body.entries.filter((entry) => entry.action === 'sensitive-answer');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: 'staff', staff_email: adminEmail, application_id: accountId, detail: `ssn: ${REASON}` });
  });

  it('refuses a sensitive answer in a prefill link, which is stored before any applicant', async () => {
    const refused = await new ApiClient(server.baseUrl).request<{ errors?: unknown }>('POST', tokenPaths.adminPrefillTokens, { answers: { first_name: 'Ada', ssn: SSN } }, { authorization: `Bearer ${server.config.adminApiKey}` });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ ssn: [tokenMessages.sensitiveNotPrefillable] });
  });

  it('leaves the digits nowhere: database, object store, backup, logs, mails or the default export', async () => {
    expect((await server.store.submissions.submit(accountId, server.clock(), () => ({}))).kind).toBe('submitted');
    // The submitted snapshot reads back opened, and masked for staff.
    expect((await server.store.submissions.find(accountId))!.answers.ssn).toBe(SSN);
    expect((await reader.get<StaffApplicationResponse>(fillPath(staffParamPaths.application, { id: accountId }))).body.answer.ssn).toBe(MASKED);

    const today = new Date(server.clock()).toISOString().slice(0, 10);
    const csv = await fetch(`${server.baseUrl}${staffPaths.exportCsv}?from=2000-01-01&to=2100-01-01`, { headers: { cookie: admin.cookieHeader() } });
    expect(csv.status).toBe(200);
    const exported = await csv.text();
    expect(exported).toContain(MASKED);
    expect(holdsSsn(exported)).toBe(false);
    const json = await admin.get<unknown>(`${staffPaths.exportJson}?from=2000-01-01&to=${today}`);
    expect(JSON.stringify(json.body)).toContain(MASKED);

    const backup = path.join(scratch, 'backup');
    await takeBackup({ database: { databaseUrl: server.database.databaseUrl, dataDir: server.database.dataDir, ...(server.database.pgSchema ? { pgSchema: server.database.pgSchema } : {}) }, objects: server.objects, folder: backup, pgPrograms: server.config.pgPrograms }, server.clock);
    const searched = [...filesUnder(server.database.dataDir), ...filesUnder(backup)];
    expect(searched.some((file) => file.includes(`${path.sep}objects${path.sep}`))).toBe(true);
    if (dialect === 'postgres') {
      // The custom-format dump is compressed: its rows are searched as pg_restore writes them out.
      const dump = filesUnder(backup).find((file) => file.endsWith('.pgdump'))!;
      const sqlText = path.join(scratch, 'restored.sql');
      await run(server.config.pgPrograms.pgRestore!, ['--data-only', `--file=${sqlText}`, dump]);
      searched.push(sqlText);
      const rows = await postgresRowsAsText(server.database.pgSchema!);
      expect(rows).toContain('sealed:v1:');
      expect(holdsSsn(rows)).toBe(false);
    } else {
      expect(searched.some((file) => file.endsWith('.db') || file.endsWith('.sqlite'))).toBe(true);
    }
    for (const file of searched) expect(holdsSsn(fs.readFileSync(file).toString('latin1')), file).toBe(false);
    expect(logs.lines.length).toBeGreaterThan(0);
    expect(holdsSsn(logs.lines.join('\n'))).toBe(false);
  }, 60_000);
});
