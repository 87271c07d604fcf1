import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresignedUpload } from '../../common/api';
import { UPLOAD_FORM_TTL_SECONDS } from '../../backend/applicant/upload-service';
import { purgeExpired } from '../../backend/housekeeping/housekeeping';
import { UPLOAD_SWEEP_GRACE_MS } from '../../backend/housekeeping/upload-sweep';
import { createLogger } from '../../backend/platform/log';
import { completeApplication } from '../../scripts/support/complete-application';
import { buildPdf } from '../../scripts/support/documents';
import { loggedInApplicant } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import type { ApiClient } from '../../scripts/support/http-client';
import { convertedUpload, uploadFile, type ConvertedUpload } from '../../scripts/support/uploads';
import { startTestServer, type TestServer } from './support/test-server';

/** Past the form's expiry and the grace: what nothing names may go. */
const PAST_GRACE_MS = UPLOAD_FORM_TTL_SECONDS * 1000 + UPLOAD_SWEEP_GRACE_MS + 60_000;

describe.each(dialects)('housekeeping of uploads and converted PDFs on %s', (dialect) => {
  let server: TestServer;
  const logLines: Record<string, unknown>[] = [];
  const logger = createLogger(
    'info',
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
        done();
      },
    }),
  );

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const purge = () => purgeExpired({ store: server.store, objects: server.objects, config: server.config, clock: server.clock, logger });

  /** Runs housekeeping `ms` later than now, then puts the clock back. */
  async function purgeLater(ms: number): Promise<void> {
    server.advance(ms);
    try {
      await purge();
    } finally {
      server.advance(-ms);
    }
  }

  async function accountIdOf(client: ApiClient): Promise<string> {
    const username = (await client.get<{ username: string }>('/api/profile')).body.username;
    return (await server.store.accounts.findByUsername(username))!.id;
  }

  /** What is left of a document: its uploaded file, its PDF and its form's row. */
  async function leftOf(accountId: string, answerKey: string, document: Pick<ConvertedUpload, 'fileKey'> & { pdfKey?: string }) {
    return {
      file: (await server.objects.exists(document.fileKey)) !== null,
      pdf: document.pdfKey ? (await server.objects.exists(document.pdfKey)) !== null : false,
      form: (await server.store.uploads.find(accountId, answerKey, document.fileKey)) !== null,
    };
  }

  /** Puts the document's objects back, as they stay when an inline deletion fails (the store did not answer). */
  async function leaveObjects(document: ConvertedUpload, bytes: Buffer): Promise<void> {
    await server.objects.put(document.fileKey, bytes, 'application/pdf');
    await server.objects.put(document.pdfKey, bytes, 'application/pdf');
  }

  /** A complete applicant to Curriculum and Instruction, which asks for a teaching certificate (the MPA does not), with one converted. */
  async function applicantWithCertificate() {
    const client = await loggedInApplicant(server);
    expect((await client.put('/api/answer', { ...completeApplication(), applied_major: 'MEDCI' })).status).toBe(200);
    const bytes = await buildPdf(['A teaching certificate.']);
    return { client, bytes, document: await convertedUpload(server, client, 'teacher_upload', { bytes, fileName: 'certificate.pdf' }) };
  }

  it('deletes an upload never converted, object and row, only once its form has expired and the grace passed; and logs the count', async () => {
    const client = await loggedInApplicant(server);
    const accountId = await accountIdOf(client);
    const fileKey = await uploadFile(server, client, 'resume_doc', await buildPdf());
    const neverPosted = (await client.post<PresignedUpload>('/api/presigned-url', { answer_key: 'resume_doc' })).body.fields.key!;

    await purge();
    await purgeLater(PAST_GRACE_MS - 2 * 60_000);
    expect(await leftOf(accountId, 'resume_doc', { fileKey })).toEqual({ file: true, pdf: false, form: true });

    logLines.length = 0;
    await purgeLater(PAST_GRACE_MS);
    expect(await leftOf(accountId, 'resume_doc', { fileKey })).toEqual({ file: false, pdf: false, form: false });
    expect(await server.store.uploads.find(accountId, 'resume_doc', neverPosted)).toBeNull();
    expect(logLines).toContainEqual(expect.objectContaining({ level: 30, uploads: expect.any(Number), msg: expect.stringContaining('expired uploads') }));
    expect(logLines.find((line) => 'uploads' in line)!.uploads).toBeGreaterThanOrEqual(2);
  });

  it('keeps a converted document in use, its upload and its PDF, however old', async () => {
    const client = await loggedInApplicant(server);
    const bytes = await buildPdf(['A résumé in use.']);
    const document = await convertedUpload(server, client, 'resume_doc', { bytes, fileName: 'resume.pdf' });
    await purgeLater(10 * PAST_GRACE_MS);
    expect(await leftOf(document.accountId, 'resume_doc', document)).toEqual({ file: true, pdf: true, form: true });
  });

  it("deletes a deleted document's leftovers: the upload's row, and the objects an inline deletion left", async () => {
    const client = await loggedInApplicant(server);
    const bytes = await buildPdf(['A résumé deleted.']);
    const document = await convertedUpload(server, client, 'resume_doc', { bytes, fileName: 'resume.pdf' });
    expect((await client.request('DELETE', `/api/document-answer/resume_doc`)).status).toBe(200);
    expect(await leftOf(document.accountId, 'resume_doc', document)).toEqual({ file: false, pdf: false, form: true });
    await leaveObjects(document, bytes);

    logLines.length = 0;
    await purgeLater(PAST_GRACE_MS);
    expect(await leftOf(document.accountId, 'resume_doc', document)).toEqual({ file: false, pdf: false, form: false });
    expect(logLines).toContainEqual(expect.objectContaining({ level: 30, pdfs: expect.any(Number), msg: expect.stringContaining('converted PDFs') }));
  });

  it('deletes the leftovers of a document a hidden question dropped', async () => {
    const { client, bytes, document } = await applicantWithCertificate();
    expect((await client.put('/api/answer', { applied_major: 'MPA' })).status).toBe(200);
    expect(await server.store.conversions.find(document.accountId, 'teacher_upload')).toBeNull();
    expect(await leftOf(document.accountId, 'teacher_upload', document)).toEqual({ file: false, pdf: false, form: true });
    await leaveObjects(document, bytes);

    await purgeLater(PAST_GRACE_MS);
    expect(await leftOf(document.accountId, 'teacher_upload', document)).toEqual({ file: false, pdf: false, form: false });
  });

  it('deletes a converted PDF no conversion names only once the grace has passed since it was written', async () => {
    const client = await loggedInApplicant(server);
    const accountId = await accountIdOf(client);
    const orphan = `converted/${accountId}/resume_doc/00000000-0000-4000-8000-000000000000.pdf`;
    await server.objects.put(orphan, await buildPdf(), 'application/pdf');
    await purge();
    expect(await server.objects.exists(orphan)).not.toBeNull();
    await purgeLater(UPLOAD_SWEEP_GRACE_MS + 60_000);
    expect(await server.objects.exists(orphan)).toBeNull();
  });

  it('never deletes what a submission names, even with its conversion row gone', async () => {
    const { client, document } = await applicantWithCertificate();
    expect((await client.post('/api/web-status', { web_status: 'started' })).status).toBe(200);
    expect((await client.post('/api/web-status', { web_status: 'validating' })).status).toBe(200);
    expect((await client.post('/api/submit', {})).status).toBe(200);
    // Only the snapshot names the document now (a row lost to an older version, or to a bug).
    await server.store.conversions.remove(document.accountId, 'teacher_upload', 'test', Date.now());

    await purgeLater(10 * PAST_GRACE_MS);
    expect(await leftOf(document.accountId, 'teacher_upload', document)).toEqual({ file: true, pdf: true, form: true });
  });
});
