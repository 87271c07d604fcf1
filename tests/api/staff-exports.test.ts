import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answers } from '../../common/api';
import { staffPaths, type AccessLogResponse, type ExportedApplication } from '../../common/staff-api';
import { tenant } from '../../common/form/tenant';
import { readZipDirectory, zipEntryData } from '../../common/uploads/zip-directory';
import { EXPORT_ANSWER_KEYS, EXPORT_BATCH, EXPORT_CHECKLIST_COLUMNS, NOT_READY_FILE, exportMessages } from '../../backend/staff/exports';
import { startOfDayIn } from '../../backend/staff/time-zone-days';
import { uniqueEmail } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import type { ApiClient } from '../../scripts/support/http-client';
import { loggedInStaff } from './support/staff';
import { startTestServer, type TestServer } from './support/test-server';

/** Issue 19, item 3: CSV and JSON exports of the submitted applications in a date range (admin role), streamed. */

/** RFC 4180 as a spreadsheet reads it: quoted fields, doubled quotes, CRLF between records. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      record.push(field);
      field = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index += 1;
    } else field += character;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}

const DAY = '2026-04-14';
const start = () => startOfDayIn(tenant.time_zone, DAY);

describe.each(dialects)('staff exports on %s', (dialect) => {
  let server: TestServer;
  let admin: ApiClient;
  let adminEmail: string;
  let reader: ApiClient;
  const ids: Record<string, string> = {};

  async function seed(label: string, answers: Answers, submittedAt: number | null): Promise<string> {
    const id = randomUUID();
    const now = server.clock();
    await server.store.accounts.create({ id, username: uniqueEmail(`export-${label}`), password_hash: 'x', confirmed_at: now, created_at: now, updated_at: now });
    await server.store.answers.merge(id, answers, 'applicant', now);
    if (submittedAt !== null) expect((await server.store.submissions.submit(id, submittedAt, () => ({}))).kind).toBe('submitted');
    ids[label] = id;
    return id;
  }

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await seed('chinese', { first_name: '小明', last_name: '王', campus_preferrence: 'M', campus_preferrence_desc: 'Main campus' }, start() + 3_600_000);
    await seed('quoted', { first_name: 'Mary "May"', last_name: "O'Brien, Jr.", personal_statement: 'Line one\nline two, with "quotes"' }, start() + 7_200_000);
    await seed('formula', { first_name: '=HYPERLINK("http://evil.example","x")', last_name: '+1', gmat_taken: 'N', gmat_taken_desc: 'No' }, start() + 10_800_000);
    await seed('late', { first_name: 'Next', last_name: 'Day' }, startOfDayIn(tenant.time_zone, DAY, 1) + 1);
    await seed('draft', { first_name: 'Still', last_name: 'Typing' }, null);
    ({ client: admin, staff: { email: adminEmail } } = await loggedInStaff(server, 'admin'));
    ({ client: reader } = await loggedInStaff(server, 'reader'));
  }, 60_000);
  afterAll(() => server.close());

  const csv = async (query: string) => {
    const response = await fetch(`${server.baseUrl}${staffPaths.exportCsv}?${query}`, { headers: { cookie: admin.cookieHeader() } });
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  };

  it('exports the day’s submitted applications as CSV: UTF-8 with BOM, every answer key, names in any script, commas, quotes and line breaks intact', async () => {
    const response = await csv(`from=${DAY}&to=${DAY}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="applications-${DAY}-to-${DAY}.csv"`);
    expect([...response.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(response.bytes.toString('utf8').slice(1));
    expect(header).toEqual(['application_id', 'email', 'submitted_at', ...EXPORT_CHECKLIST_COLUMNS, ...EXPORT_ANSWER_KEYS]);
    expect(header).toContain('campus_preferrence_desc');
    expect(rows.map((row) => row[0])).toEqual([ids.chinese, ids.quoted, ids.formula]);
    for (const row of rows) expect(row).toHaveLength(header!.length);
    const cell = (row: string[], key: string) => row[header!.indexOf(key)];
    expect(cell(rows[0]!, 'first_name')).toBe('小明');
    expect(cell(rows[0]!, 'last_name')).toBe('王');
    expect(cell(rows[0]!, 'campus_preferrence_desc')).toBe('Main campus');
    expect(cell(rows[1]!, 'first_name')).toBe('Mary "May"');
    expect(cell(rows[1]!, 'last_name')).toBe("O'Brien, Jr.");
    expect(cell(rows[1]!, 'personal_statement')).toBe('Line one\nline two, with "quotes"');
    // A formula is text to the spreadsheet.
    expect(cell(rows[2]!, 'first_name')).toBe('\'=HYPERLINK("http://evil.example","x")');
    expect(cell(rows[2]!, 'last_name')).toBe("'+1");
    expect(cell(rows[2]!, 'gmat_taken_desc')).toBe('No');
    expect(cell(rows[0]!, 'submitted_at')).toBe(new Date(start() + 3_600_000).toISOString());
  });

  it('takes chosen columns in the model’s order and refuses unknown ones, a missing or backwards range', async () => {
    const chosen = await csv(`from=${DAY}&to=${DAY}&columns=last_name,first_name,campus_preferrence_desc`);
    const [header, first] = parseCsv(chosen.bytes.toString('utf8').slice(1));
    expect(header).toEqual(['application_id', 'email', 'submitted_at', ...EXPORT_CHECKLIST_COLUMNS, 'first_name', 'last_name', 'campus_preferrence_desc']);
    expect(first!.slice(3 + EXPORT_CHECKLIST_COLUMNS.length)).toEqual(['小明', '王', 'Main campus']);
    for (const [query, message] of [
      [`from=${DAY}&to=${DAY}&columns=first_name,password_hash`, exportMessages.unknownColumns(['password_hash'])],
      [`from=${DAY}`, exportMessages.rangeRequired],
      ['from=2026-02-30&to=2026-03-01', exportMessages.rangeRequired],
      ['from=2026-04-15&to=2026-04-14', exportMessages.rangeBackwards],
    ] as const) {
      const refused = await csv(query);
      expect(refused.status, query).toBe(400);
      expect(JSON.parse(refused.bytes.toString()).message, query).toBe(message);
    }
  });

  it('exports JSON with the answers as submitted; readers get neither export, and each export is in the access log', async () => {
    const response = await admin.get<ExportedApplication[]>(`${staffPaths.exportJson}?from=${DAY}&to=2026-04-15`);
    expect(response.status).toBe(200);
    expect(response.body.map((application) => application.application_id)).toEqual([ids.chinese, ids.quoted, ids.formula, ids.late]);
    for (const application of response.body) {
      expect(application.answers).toEqual((await server.store.submissions.find(application.application_id))!.answers);
    }
    expect(response.body[1]!.answers.last_name).toBe("O'Brien, Jr.");

    for (const path of [staffPaths.exportCsv, staffPaths.exportJson]) expect((await reader.get(`${path}?from=${DAY}&to=${DAY}`)).status).toBe(403);
    const log = await admin.get<AccessLogResponse>(`${staffPaths.accessLog}?staff=${encodeURIComponent(adminEmail)}`);
    const exports = log.body.entries.filter((entry) => entry.action === 'export').map((entry) => entry.detail);
    expect(exports).toContain(`json ${DAY} to 2026-04-15`);
    expect(exports).toContain(`csv ${DAY} to ${DAY}`);
  });

  it('reads in batches without losing or repeating an application, even when many share one instant', async () => {
    const instant = startOfDayIn(tenant.time_zone, '2026-05-01') + 1_000;
    const many = EXPORT_BATCH + 7;
    const seeded = new Set<string>();
    for (let index = 0; index < many; index += 1) seeded.add(await seed(`batch-${index}`, { first_name: `Batch ${index}` }, instant));
    const response = await admin.get<ExportedApplication[]>(`${staffPaths.exportJson}?from=2026-05-01&to=2026-05-01`);
    expect(response.body).toHaveLength(many);
    expect(new Set(response.body.map((application) => application.application_id))).toEqual(seeded);
    const lines = parseCsv((await csv('from=2026-05-01&to=2026-05-01&columns=first_name')).bytes.toString('utf8').slice(1));
    expect(lines).toHaveLength(many + 1);
  }, 60_000);
});

describe.each(dialects)('the PDF export on %s', (dialect) => {
  let server: TestServer;
  let admin: ApiClient;
  let reader: ApiClient;
  const emails: string[] = [];

  beforeAll(async () => {
    server = await startTestServer(dialect, { applicationPdfs: true });
    for (const [first, last] of [['小明', '王'], ['Mary "May"', "O'Brien, Jr."]] as const) {
      const id = randomUUID();
      const email = uniqueEmail('zip');
      const now = server.clock();
      await server.store.accounts.create({ id, username: email, password_hash: 'x', confirmed_at: now, created_at: now, updated_at: now });
      await server.store.answers.merge(id, { first_name: first, last_name: last }, 'applicant', now);
      expect((await server.store.submissions.submit(id, start() + 3_600_000, () => ({}))).kind).toBe('submitted');
      emails.push(email);
    }
    ({ client: admin } = await loggedInStaff(server, 'admin'));
    ({ client: reader } = await loggedInStaff(server, 'reader'));
  }, 60_000);
  afterAll(() => server.close());

  const zip = async (client: ApiClient) => {
    const response = await fetch(`${server.baseUrl}${staffPaths.exportPdfs}?from=${DAY}&to=${DAY}`, { headers: { cookie: client.cookieHeader() } });
    return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
  };

  it('zips the application PDFs as they are made, listing the ones not ready yet; admins only', async () => {
    expect((await zip(reader)).status).toBe(403);
    const first = await zip(admin);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/zip');
    expect(first.headers.get('content-disposition')).toBe(`attachment; filename="application-pdfs-${DAY}-to-${DAY}.zip"`);
    const firstEntries = readZipDirectory(first.bytes)!;
    expect(firstEntries).not.toBeNull();
    // The first export asks for the PDFs: at least the first application is listed as not ready.
    const notReady = firstEntries.find((entry) => entry.name === NOT_READY_FILE)!;
    expect(notReady).toBeDefined();
    expect(Buffer.from(zipEntryData(first.bytes, notReady)!).toString('utf8')).toContain(emails[0]);
    // Asked for by the first export, the PDFs are made by the worker; the next exports hold them.
    let entries = firstEntries;
    let bytes = first.bytes;
    for (const deadline = Date.now() + 60_000; entries.some((entry) => entry.name === NOT_READY_FILE) && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      ({ bytes } = await zip(admin));
      entries = readZipDirectory(bytes)!;
    }
    const names = entries.map((entry) => entry.name);
    expect(names).toHaveLength(2);
    for (const email of emails) expect(names.filter((name) => name.startsWith(`${email}-`) && /-[0-9a-f-]{36}\.pdf$/.test(name))).toHaveLength(1);
    for (const entry of entries) {
      expect(entry.method).toBe(0);
      expect(Buffer.from(zipEntryData(bytes, entry)!).subarray(0, 5).toString()).toBe('%PDF-');
    }
  }, 90_000);
});
