import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, type ConversionStatusResponse, type PresignedUpload } from '../../common/api';
import { checklistDocumentAnswerKey, checklistPaths } from '../../common/checklist-api';
import { uploadMessages } from '../../common/uploads/upload-messages';
import { laterDocumentMessages } from '../../backend/applicant/later-documents';
import { buildPdf } from '../../scripts/support/documents';
import { dialects } from '../../scripts/support/databases';
import type { ApiClient } from '../../scripts/support/http-client';
import { CONVERSION_END_BOUND_MS, conversionEnded, untilEnded, uploadFile } from '../../scripts/support/uploads';
import { checklistSummaryRow } from './support/letter-files';
import { submittedApplicant } from './support/recommendations';
import { startTestServer, type TestServer } from './support/test-server';

const documentPath = (key: string) => fillPath(checklistPaths.applicantDocument, { key });

/** Issue 28 item 3: a program document the checklist asks for, sent after submission without changing the frozen application. */
describe.each(dialects)('documents sent after submission on %s', { timeout: CONVERSION_END_BOUND_MS + 30_000 }, (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect, { conversions: true });
  });
  afterAll(() => server.close());

  /** The submission row as the database holds it, column by column. */
  async function submissionRow(accountId: string): Promise<string> {
    const db = server.database.openDb({ poolSize: 1 });
    try {
      const row = await db.kysely.selectFrom('submissions').selectAll().where('account_id', '=', accountId).executeTakeFirstOrThrow();
      return JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value));
    } finally {
      await db.close();
    }
  }

  async function finished(client: ApiClient, key: string): Promise<ConversionStatusResponse> {
    const read = async () => {
      const { status, body } = await client.get<ConversionStatusResponse>(documentPath(key));
      expect(status).toBe(200);
      return body;
    };
    return untilEnded(read, conversionEnded, CONVERSION_END_BOUND_MS);
  }

  it('converts a program document sent after submission and leaves the submission and the answers as they were', async () => {
    const { client, accountId } = await submittedApplicant(server);
    const [rowBefore, answersBefore] = [await submissionRow(accountId), await server.store.answers.list(accountId)];
    expect(await client.get(documentPath('resume'))).toMatchObject({ status: 200, body: { status: 'NOT_ANSWERED' } });
    const fileKey = await uploadFile(server, client, checklistDocumentAnswerKey('resume'), await buildPdf(['My resume, sent later.']));
    expect(await client.post(documentPath('resume'), { file_key: fileKey, file_name: 'resume.pdf' })).toMatchObject({ status: 202 });
    expect(await checklistSummaryRow(server, accountId, 0)).toBeNull();
    expect(await finished(client, 'resume')).toMatchObject({ status: 'COMPLETED' });
    // The checklist's summary is refreshed: of the essay and the resume Computer Science asks for, the resume came.
    expect(await checklistSummaryRow(server, accountId)).toMatchObject({ documents_missing: 1 });
    const conversion = await server.store.conversions.find(accountId, checklistDocumentAnswerKey('resume'));
    expect(conversion).toMatchObject({ status: 'COMPLETED', file_name: 'resume.pdf' });
    expect(await submissionRow(accountId)).toBe(rowBefore);
    expect(await server.store.answers.list(accountId)).toEqual(answersBefore);
    // The form's own questions stay closed: only the checklist's keys take a file now.
    expect(await client.post<PresignedUpload>('/api/presigned-url', { answer_key: 'resume_doc' })).toMatchObject({ status: 409, body: { message: uploadMessages.submitted } });
  });

  it('refuses a document before submission (409) and one the program does not ask for (404), changing nothing', async () => {
    const { client, accountId } = await submittedApplicant(server, {}, false);
    expect(await client.post('/api/presigned-url', { answer_key: checklistDocumentAnswerKey('resume') })).toMatchObject({ status: 409, body: { message: laterDocumentMessages.notSubmitted } });
    expect(await client.post(documentPath('resume'), { file_key: 'x', file_name: 'resume.pdf' })).toMatchObject({ status: 409, body: { message: laterDocumentMessages.notSubmitted } });
    expect(await client.get(documentPath('resume'))).toMatchObject({ status: 409 });

    const submitted = await submittedApplicant(server);
    for (const key of ['teacher_upload', 'first_name', 'nothing-like-it']) {
      expect(await submitted.client.post('/api/presigned-url', { answer_key: checklistDocumentAnswerKey(key) })).toMatchObject({ status: 404, body: { message: laterDocumentMessages.notAsked } });
      expect(await submitted.client.post(documentPath(key), { file_key: 'x', file_name: 'a.pdf' })).toMatchObject({ status: 404, body: { message: laterDocumentMessages.notAsked } });
    }
    // A file key issued for another document, or to another applicant, is not this one's.
    const fileKey = await uploadFile(server, submitted.client, checklistDocumentAnswerKey('essay_compscience'), await buildPdf(['An essay.']));
    expect(await submitted.client.post(documentPath('resume'), { file_key: fileKey, file_name: 'resume.pdf' })).toMatchObject({ status: 400 });
    const other = await submittedApplicant(server);
    expect(await other.client.post(documentPath('essay_compscience'), { file_key: fileKey, file_name: 'essay.pdf' })).toMatchObject({ status: 400 });
    for (const account of [accountId, submitted.accountId, other.accountId]) expect(await server.store.conversions.completedOutside(account, '')).toEqual([]);
    expect(await server.store.conversions.find(submitted.accountId, checklistDocumentAnswerKey('resume'))).toBeNull();
  });
});
