import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, fillPath, type ApplicationPdfResponse, type DeleteAccountResponse } from '../../common/api';
import type { DeletionRequestsResponse } from '../../common/applicant-data-api';
import { staffParamPaths, staffPaths, type AccessLogResponse } from '../../common/staff-api';
import { labelOfKey } from '../../common/form/pages';
import { roleKeys } from '../../common/form/answer-roles';
import { ACCOUNT_TABLES, KEPT_ACCOUNT_TABLES } from '../../backend/applicant-data/applicant-data-store';
import { accountDeletionMessages } from '../../backend/applicant-data/account-deletion';
import { createApplicantPurge } from '../../backend/applicant-data/delete-applicant';
import { UPLOAD_SWEEP_GRACE_MS } from '../../backend/housekeeping/upload-sweep';
import { createLogger } from '../../backend/platform/log';
import { accountObjectPrefixes } from '../../backend/storage/account-objects';
import { GOOD_PASSWORD, loggedInApplicant, uniqueEmail } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { convertThroughApi } from '../../scripts/support/uploads';
import { everyRow, tablesWithAccountId } from './support/every-row';
import { LETTER_ANSWERS, letterPath, mailedToken, nameRecommender, recommender } from './support/recommendations';
import { loggedInStaff } from './support/staff';
import { startS3rver, type TestS3 } from '../../scripts/support/s3rver';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Issue 35 item 4, an applicant's own data: "Download my data" holds every answer by label, each
 * document as sent and as converted, the application PDF once submitted and the letter requests
 * (never a letter's text); "Delete my account" (the password again) deletes everything before
 * submission, and after it becomes a request an admin completes, in the access log. On both stores.
 */

const DOCUMENT_KEY = 'resume_doc';
const CORPUS_PNG = '/work/shared/corpus/png/png-basi0g01.png';

async function download(server: TestServer, client: ApiClient): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(server.baseUrl + apiPaths.myData, { headers: { cookie: client.cookieHeader(), origin: server.origin } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The zip unpacked by the system's unzip (its own check of the file first): file name to bytes. */
function unzipped(bytes: Buffer): Map<string, Buffer> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'my-data-'));
  try {
    fs.writeFileSync(path.join(folder, 'data.zip'), bytes);
    execFileSync('unzip', ['-tq', 'data.zip'], { cwd: folder });
    execFileSync('unzip', ['-q', 'data.zip', '-d', 'out'], { cwd: folder });
    const files = new Map<string, Buffer>();
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else files.set(path.relative(path.join(folder, 'out'), full).split(path.sep).join('/'), fs.readFileSync(full));
      }
    };
    walk(path.join(folder, 'out'));
    return files;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** The CSV's records as arrays of fields (every field is quoted by csvLine). */
function csvRecords(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => match[1]!.replace(/""/g, '"')));
}

/** Both databases, each with both object stores: the local folder and an S3 bucket (s3rver). */
const stores = dialects.flatMap((dialect) => (['local', 's3'] as const).map((objects) => ({ dialect, objects })));

describe.each(stores)("an applicant's own data on $dialect with the $objects object store", ({ dialect, objects }) => {
  let server: TestServer;
  let s3: TestS3 | null = null;

  beforeAll(async () => {
    if (objects === 's3') s3 = await startS3rver('own-data');
    server = await startTestServer(dialect, { conversions: true, applicationPdfs: true, env: s3?.env ?? {} });
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await s3?.close();
  });

  /** Every row of every table holding any of the texts, as `table: row`. */
  async function rowsNaming(...texts: string[]): Promise<string[]> {
    const found: string[] = [];
    for (const [table, rows] of Object.entries(await everyRow(server.database))) {
      for (const row of rows) if (texts.some((text) => row.toLowerCase().includes(text.toLowerCase()))) found.push(`${table}: ${row}`);
    }
    return found;
  }

  async function objectsOf(accountId: string): Promise<string[]> {
    const keys: string[] = [];
    for (const prefix of accountObjectPrefixes(accountId)) for await (const object of server.objects.list(prefix)) keys.push(object.key);
    return keys;
  }

  /** An applicant with a name, a few answers and a real document converted. */
  async function applicantWithDocument(label: string) {
    const username = uniqueEmail(label);
    const lastName = `Purgeable${Math.random().toString(36).slice(2, 10)}`;
    const client = await loggedInApplicant(server, username);
    const accountId = (await server.store.accounts.findByUsername(username))!.id;
    expect((await client.put(apiPaths.answer, { ...LETTER_ANSWERS, [roleKeys.lastName]: lastName, middle_name: 'Quinn' })).status).toBe(200);
    const original = fs.readFileSync(CORPUS_PNG);
    expect((await convertThroughApi(server, client, DOCUMENT_KEY, original, 'my resume.png')).status).toBe('COMPLETED');
    return { client, username, lastName, accountId, original };
  }

  it('every table with an account_id is deleted with the account or kept on purpose', async () => {
    expect(await tablesWithAccountId(server.database)).toEqual([...ACCOUNT_TABLES, ...KEPT_ACCOUNT_TABLES].sort());
  });

  it('zips every answer by its label, the document as sent and as a PDF, the application PDF and the letter requests, never a waived letter', async () => {
    const applicant = await applicantWithDocument('zip');
    expect((await applicant.client.put(apiPaths.answer, { counselor_request_waiver: 'Y' })).status).toBe(200);
    expect((await server.store.submissions.submit(applicant.accountId, server.clock(), () => ({}))).kind).toBe('submitted');
    const asked = recommender('zip-letter');
    await nameRecommender(applicant.client, asked);
    const letterText = `Confidential praise ${Math.random().toString(36).slice(2)}`;
    expect((await new ApiClient(server.baseUrl).post(letterPath(await mailedToken(server, asked.email)), { letter_text: letterText })).status).toBe(201);
    for (let status = ''; status !== 'COMPLETED'; await new Promise((resolve) => setTimeout(resolve, 100))) {
      status = (await applicant.client.get<ApplicationPdfResponse>(apiPaths.pdf)).body.status;
      expect(status).not.toBe('FAILED');
    }

    const zip = await download(server, applicant.client);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toBe('attachment; filename="my-application-data.zip"');
    expect(zip.bytes.includes(Buffer.from(letterText))).toBe(false);
    const files = unzipped(zip.bytes);
    expect([...files.keys()].sort()).toEqual(
      ['README.txt', 'account.csv', 'answers.csv', 'application.pdf', 'documents.csv', `documents/${DOCUMENT_KEY}/converted.pdf`, `documents/${DOCUMENT_KEY}/original-my resume.png`, 'letters-of-recommendation.csv'].sort(),
    );
    const stored = await server.store.answers.list(applicant.accountId);
    const answers = csvRecords(files.get('answers.csv')!.toString('utf8'));
    expect(answers[0]).toEqual(['Question', 'Answer', 'Stored value', 'Key']);
    const byKey = new Map(answers.slice(1).map((record) => [record[3], record]));
    for (const [key, value] of Object.entries(stored).filter(([key]) => !key.endsWith('_desc'))) {
      const record = byKey.get(key);
      expect(record, key).toBeDefined();
      expect(record![0], key).toBe(labelOfKey(key) ?? key);
      expect(record![2], key).toBe(value === true ? 'Yes' : value === false ? 'No' : String(value));
      expect(record![1], key).toBe(String(stored[`${key}_desc`] ?? record![2]));
    }
    expect(byKey.get(roleKeys.program)![1]).toBe('Computer Science (M.S.)');
    expect(byKey.get(roleKeys.lastName)![1]).toBe(applicant.lastName);
    expect(files.get(`documents/${DOCUMENT_KEY}/original-my resume.png`)!.equals(applicant.original)).toBe(true);
    expect(files.get(`documents/${DOCUMENT_KEY}/converted.pdf`)!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(files.get('application.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(csvRecords(files.get('documents.csv')!.toString('utf8'))[1]!.slice(0, 2)).toEqual([labelOfKey(DOCUMENT_KEY), 'my resume.png']);
    const letters = csvRecords(files.get('letters-of-recommendation.csv')!.toString('utf8'));
    expect(letters).toHaveLength(2);
    expect(letters[1]!.slice(0, 3)).toEqual([asked.name, asked.email, asked.relationship]);
    expect(letters[1]![7]).not.toBe('');
    expect(files.get('account.csv')!.toString('utf8')).toContain(applicant.username);
  }, 120_000);

  it('a wrong password deletes nothing; the right one, before submission, leaves no row or object naming the applicant and ends the session', async () => {
    const applicant = await applicantWithDocument('purge');
    expect((await new ApiClient(server.baseUrl).post(apiPaths.forgotPassword, { username: applicant.username })).status).toBe(200);
    await server.outbox();
    expect((await objectsOf(applicant.accountId)).length).toBeGreaterThanOrEqual(2);
    const withoutCounters = async () => ({ ...(await everyRow(server.database)), rate_limits: [] });
    const before = await withoutCounters();

    const wrong = await applicant.client.post(apiPaths.deleteAccount, { password: `${GOOD_PASSWORD}x` });
    expect(wrong).toMatchObject({ status: 400, body: { message: accountDeletionMessages.wrongPassword } });
    expect((await applicant.client.post(apiPaths.deleteAccount, {})).status).toBe(400);
    expect(await withoutCounters()).toEqual(before);

    const deleted = await applicant.client.post<DeleteAccountResponse>(apiPaths.deleteAccount, { password: GOOD_PASSWORD });
    expect(deleted).toMatchObject({ status: 200, body: { outcome: 'deleted', message: accountDeletionMessages.deleted } });
    expect(await rowsNaming(applicant.username, applicant.lastName)).toEqual([]);
    // The account's id, a random UUID, is left only in the purge record (and the access log, had staff looked).
    expect((await rowsNaming(applicant.accountId)).map((row) => row.split(':')[0])).toEqual(['applicant_purges']);
    const [purge] = await server.store.applicantData.purges(applicant.accountId);
    expect(purge).toMatchObject({ reason: 'applicant', purged_by: 'applicant', objects_cleared_at: expect.any(Number) });
    expect(JSON.parse(purge!.counts)).toMatchObject({ accounts: 1, conversions: 1, objects: expect.any(Number) });
    expect(await objectsOf(applicant.accountId)).toEqual([]);
    expect((await applicant.client.get(apiPaths.profile)).status).toBe(401);
    expect((await new ApiClient(server.baseUrl).post(apiPaths.login, { username: applicant.username, password: GOOD_PASSWORD })).status).toBe(400);
  }, 120_000);

  it('after submission it becomes a request that an admin completes, in the access log; readers are refused', async () => {
    const applicant = await applicantWithDocument('request');
    expect((await server.store.submissions.submit(applicant.accountId, server.clock(), () => ({}))).kind).toBe('submitted');
    // The invitation's mail names the applicant: it goes with the request.
    const letterRequest = recommender('request-letter');
    await nameRecommender(applicant.client, letterRequest);
    await mailedToken(server, letterRequest.email);
    const asked = await applicant.client.post<DeleteAccountResponse>(apiPaths.deleteAccount, { password: GOOD_PASSWORD });
    expect(asked).toMatchObject({ status: 200, body: { outcome: 'requested', message: accountDeletionMessages.requested } });
    expect((await applicant.client.post<DeleteAccountResponse>(apiPaths.deleteAccount, { password: GOOD_PASSWORD })).body).toEqual(asked.body);
    expect((await applicant.client.get(apiPaths.profile)).status).toBe(200);

    const completePath = fillPath(staffParamPaths.completeDeletion, { id: applicant.accountId });
    const { client: reader } = await loggedInStaff(server, 'reader');
    expect((await reader.get(staffPaths.deletionRequests)).status).toBe(403);
    expect((await reader.post(completePath, {})).status).toBe(403);
    const { client: admin, staff } = await loggedInStaff(server, 'admin');
    const list = await admin.get<DeletionRequestsResponse>(staffPaths.deletionRequests);
    expect(list.status).toBe(200);
    expect(list.body.requests.find((request) => request.application_id === applicant.accountId)).toMatchObject({ email: applicant.username, submitted_at: expect.any(String) });

    expect((await admin.post(completePath, {})).status).toBe(200);
    expect(await rowsNaming(applicant.username, applicant.lastName)).toEqual([]);
    expect(await objectsOf(applicant.accountId)).toEqual([]);
    expect((await applicant.client.get(apiPaths.profile)).status).toBe(401);
    expect((await admin.post(completePath, {})).status).toBe(404);
    expect((await admin.get<DeletionRequestsResponse>(staffPaths.deletionRequests)).body.requests.map((request) => request.application_id)).not.toContain(applicant.accountId);
    const log = await admin.get<AccessLogResponse>(`${staffPaths.accessLog}?staff=${encodeURIComponent(staff.email)}`);
    expect(log.body.entries.find((entry) => entry.action === 'deletion.complete')).toMatchObject({ application_id: applicant.accountId, staff_email: staff.email, applicant_email: null });
    const [purge] = await server.store.applicantData.purges(applicant.accountId);
    expect(purge).toMatchObject({ reason: 'deletion-request', purged_by: expect.stringMatching(/^staff:/), requested_at: expect.any(Number) });
  }, 120_000);

  it('removes the objects later when the object store fails after the rows are deleted, and once more what a late upload wrote', async () => {
    const applicant = await applicantWithDocument('sweep');
    const failing = { list: server.objects.list.bind(server.objects), delete: () => Promise.reject(new Error('object store down')) };
    const logger = createLogger('silent');
    const purged = await createApplicantPurge({ store: server.store, objects: failing, clock: server.clock, logger }).purge(applicant.accountId, { unsubmittedOnly: true, reason: 'draft-expiry', purgedBy: 'housekeeping' });
    expect(purged).toMatchObject({ counts: { accounts: 1 } });
    expect(await rowsNaming(applicant.username, applicant.lastName)).toEqual([]);
    expect((await objectsOf(applicant.accountId)).length).toBeGreaterThan(0);
    expect((await server.store.applicantData.purges(applicant.accountId))[0]!.objects_cleared_at).toBeNull();

    const purge = createApplicantPurge({ store: server.store, objects: server.objects, clock: server.clock, logger });
    expect(await purge.sweep(UPLOAD_SWEEP_GRACE_MS)).toBeGreaterThanOrEqual(1);
    expect(await objectsOf(applicant.accountId)).toEqual([]);
    expect((await server.store.applicantData.purges(applicant.accountId))[0]!.objects_cleared_at).toEqual(expect.any(Number));

    // An upload form issued before the deletion still takes a file after it: cleared once the form and any conversion are over.
    const late = `${accountObjectPrefixes(applicant.accountId)[0]}${DOCUMENT_KEY}/late`;
    await server.objects.put(late, Buffer.from('late'), 'application/octet-stream');
    await purge.sweep(UPLOAD_SWEEP_GRACE_MS);
    expect(await objectsOf(applicant.accountId)).toEqual([late]);
    server.advance(UPLOAD_SWEEP_GRACE_MS);
    try {
      await purge.sweep(UPLOAD_SWEEP_GRACE_MS);
      expect(await objectsOf(applicant.accountId)).toEqual([]);
      await server.objects.put(late, Buffer.from('later still'), 'application/octet-stream');
      await purge.sweep(UPLOAD_SWEEP_GRACE_MS);
      // Past the window, a purge is cleared once and left alone.
      expect(await objectsOf(applicant.accountId)).toEqual([late]);
      await server.objects.delete(late);
    } finally {
      server.advance(-UPLOAD_SWEEP_GRACE_MS);
    }
  }, 120_000);
});
