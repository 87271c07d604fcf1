import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileResponse, SubmitResponse } from '../../common/api';
import { choiceLabels } from '../../common/form/answer-choices';
import { answerMessages } from '../../backend/applicant/answer-service';
import { formStateMessages } from '../../backend/applicant/form-state-service';
import { submissionMessages } from '../../backend/applicant/submission-service';
import { uploadServiceMessages } from '../../backend/applicant/upload-service';
import { conversionJobMessages } from '../../backend/conversions/conversion-messages';
import { completeApplication } from '../../scripts/support/complete-application';
import { buildPdf } from '../../scripts/support/documents';
import { loggedInApplicant } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { convertedUpload } from '../../scripts/support/uploads';
import { startTestServer, type TestServer } from './support/test-server';

describe.each(dialects)('submission on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const profileOf = async (client: ApiClient) => (await client.get<ProfileResponse>('/api/profile')).body;
  const submit = (client: ApiClient) => client.post<SubmitResponse & { errors?: Record<string, string[]> }>('/api/submit', {});
  const statusesOf = async (client: ApiClient) => (await profileOf(client)).web_status.map((entry) => entry.web_status);

  async function accountIdOf(client: ApiClient): Promise<string> {
    return (await server.store.accounts.findByUsername((await profileOf(client)).username))!.id;
  }

  /** An applicant who has saved these answers and is checking them, as the renderer leaves them before submit. */
  async function applicantWith(answers: Record<string, unknown>): Promise<ApiClient> {
    const client = await loggedInApplicant(server);
    expect((await client.put('/api/answer', answers)).status).toBe(200);
    expect((await client.post('/api/web-status', { web_status: 'started' })).status).toBe(200);
    expect((await client.post('/api/web-status', { web_status: 'validating' })).status).toBe(200);
    return client;
  }

  /** Everything an applicant's writes could change, to show that a refused write changed nothing. */
  async function everything(client: ApiClient) {
    const accountId = await accountIdOf(client);
    const { successful_login: _logins, ...profile } = await profileOf(client);
    return {
      profile,
      tabs: (await client.get('/api/tabs')).body,
      addAnother: (await client.get('/api/add-another')).body,
      history: (await server.store.answers.history(accountId)).length,
      validations: await server.store.answers.validationErrors(accountId),
      conversions: await server.store.conversions.answerKeys(accountId),
      submission: await server.store.submissions.find(accountId),
    };
  }

  it('refuses an incomplete application with every error of the server’s validation, changing nothing', async () => {
    const { first_name: _first, completion_signature: _signature, ...incomplete } = completeApplication();
    const client = await applicantWith(incomplete);
    const before = await everything(client);

    const response = await submit(client);
    expect(response).toMatchObject({ status: 400, body: { message: submissionMessages.incomplete } });
    expect(response.body.errors).toEqual({
      first_name: ['First Name is required.'],
      completion_signature: [expect.any(String)],
    });
    expect(await everything(client)).toEqual(before);
    expect(await statusesOf(client)).toEqual(['started', 'validating']);
  });

  it('accepts a complete application, sets the status submitted and keeps a snapshot of what was submitted', async () => {
    const answers = completeApplication();
    const client = await applicantWith(answers);
    await client.put('/api/tabs', { tab_id: 'personal_statement', chosen_tab: 'upload' });
    await client.put('/api/add-another', { button_id: 'college', num_components: 2 });

    const response = await submit(client);
    expect(response).toMatchObject({ status: 200, body: { message: submissionMessages.submitted } });
    expect(Number.isNaN(Date.parse(response.body.submitted_at))).toBe(false);
    expect(await statusesOf(client)).toEqual(['started', 'validating', 'submitted']);

    const submission = await server.store.submissions.find(await accountIdOf(client));
    expect(submission).toEqual({
      answers: { ...answers, ...choiceLabels(answers, answers) },
      document_answers: {},
      tabs: { personal_statement: 'upload' },
      add_another: { college: 2 },
      submitted_at: Date.parse(response.body.submitted_at),
    });
  });

  it('keeps the converted documents in the snapshot, each named by its conversion, upload and PDF', async () => {
    // Curriculum and Instruction asks for a teaching certificate: an upload required when shown.
    const client = await applicantWith({ ...completeApplication(), applied_major: 'MEDCI' });
    expect((await submit(client)).body.errors).toEqual({ teacher_upload: [expect.any(String)] });

    const bytes = await buildPdf(['A teaching certificate.']);
    const certificate = await convertedUpload(server, client, 'teacher_upload', { bytes, fileName: 'certificate.pdf' });
    expect((await submit(client)).status).toBe(200);
    const submission = await server.store.submissions.find(certificate.accountId);
    expect(submission?.document_answers).toEqual({
      teacher_upload: {
        conversion_id: certificate.conversionId,
        file_key: certificate.fileKey,
        file_name: 'certificate.pdf',
        file_size: bytes.length,
        pdf_key: certificate.pdfKey,
      },
    });
    expect(submission?.answers.teacher_upload).toBe('ANSWERED');
  });

  it('counts an ANSWERED stored with no converted document as unanswered: the required message comes back', async () => {
    const client = await applicantWith({ ...completeApplication(), applied_major: 'MEDCI' });
    const accountId = await accountIdOf(client);
    const missing = await submit(client);
    expect(missing.body.errors).toEqual({ teacher_upload: [expect.any(String)] });

    // What a save of an older version could write, put straight into the store: no document behind it.
    const forge = () => server.store.answers.merge(accountId, { teacher_upload: 'ANSWERED' }, 'applicant', Date.now());
    await forge();
    expect(await submit(client)).toMatchObject({ status: 400, body: { message: submissionMessages.incomplete, errors: missing.body.errors } });

    // Nor does a conversion that failed.
    const job = { account_id: accountId, answer_key: 'teacher_upload', file_key: `uploads/${accountId}/teacher_upload/f`, file_name: 'c.pdf', file_size: 9 };
    await server.store.conversions.start(job, Date.now());
    const claimed = await server.store.conversions.claim('test-worker', Date.now(), 60_000);
    expect(claimed?.account_id).toBe(accountId);
    expect(await server.store.conversions.fail(claimed!, 'This file is not a valid PDF.', Date.now())).toBe(true);
    await forge();
    expect(await submit(client)).toMatchObject({ status: 400, body: { message: submissionMessages.incomplete, errors: missing.body.errors } });
    expect(await server.store.submissions.find(accountId)).toBeNull();
    expect(await statusesOf(client)).toEqual(['started', 'validating']);
  });

  it('keeps no upload answer in the snapshot that has no converted document behind it', async () => {
    const client = await applicantWith(completeApplication());
    const accountId = await accountIdOf(client);
    // resume_doc is not asked of this applicant; an old forged answer must not reach the record.
    await server.store.answers.merge(accountId, { resume_doc: 'ANSWERED' }, 'applicant', Date.now());
    expect((await submit(client)).status).toBe(200);
    const submission = await server.store.submissions.find(accountId);
    expect(submission?.answers).not.toHaveProperty('resume_doc');
    expect(submission?.document_answers).toEqual({});
  });

  it('submits once: a second submit, or two at the same time, answers as the first and changes nothing', async () => {
    const client = await applicantWith(completeApplication());
    const [first, second] = await Promise.all([submit(client), submit(client)]);
    expect(first).toMatchObject({ status: 200 });
    expect(second).toMatchObject({ status: 200, body: first.body });
    const after = await everything(client);

    server.advance(60_000);
    const third = await submit(client);
    expect(third).toMatchObject({ status: 200, body: first.body });
    expect(await everything(client)).toEqual(after);
    server.advance(-60_000);
  });

  /** Each write answers 409 with its message, and nothing an applicant's writes could change has changed. */
  async function expectRefused(client: ApiClient, writes: readonly [string, string, unknown, string][], before: Awaited<ReturnType<typeof everything>>) {
    for (const [method, path, body, message] of writes) {
      const response = await client.request<{ message: string }>(method, path, body);
      expect({ method, path, ...response }).toMatchObject({ method, path, status: 409, body: { message } });
    }
    expect(await everything(client)).toEqual(before);
  }

  it('refuses every write after submission with 409 and a clear message, changing nothing', async () => {
    const client = await applicantWith(completeApplication());
    await client.put('/api/tabs', { tab_id: 'resume', chosen_tab: 'text' });
    await client.post('/api/validations', {});
    expect((await submit(client)).status).toBe(200);
    const before = await everything(client);

    const writes: [string, string, unknown, string][] = [
      ['PUT', '/api/answer', { first_name: 'Augusta' }, answerMessages.submitted],
      ['POST', '/api/validations', { first_name: ['First Name is required.'] }, answerMessages.submitted],
      ['POST', '/api/presigned-url', { answer_key: 'resume_doc' }, uploadServiceMessages.submitted],
      [
        'POST',
        '/api/pdf/document-answer/resume_doc',
        { file_key: 'uploads/x/resume_doc/y', file_name: 'resume.pdf' },
        conversionJobMessages.submitted,
      ],
      ['DELETE', '/api/pdf/document-answer/resume_doc', undefined, conversionJobMessages.submitted],
      ['DELETE', '/api/document-answer/resume_doc', undefined, conversionJobMessages.submitted],
      ['PUT', '/api/tabs', { tab_id: 'resume', chosen_tab: 'upload' }, formStateMessages.submitted],
      ['PUT', '/api/add-another', { button_id: 'college', num_components: 3 }, formStateMessages.submitted],
      ['PUT', '/api/last-page', { last_page: '/education' }, submissionMessages.frozen],
      ['POST', '/api/web-status', { web_status: 'validating' }, submissionMessages.frozen],
      ['POST', '/api/web-status', { web_status: 'started' }, submissionMessages.frozen],
    ];
    await expectRefused(client, writes, before);
  });

  it('is frozen by its submission, the one record of it, whatever its status entries say (issue 27 item 3)', async () => {
    const client = await applicantWith(completeApplication());
    expect((await submit(client)).status).toBe(200);
    // The status list is what the page shows; an entry lost or never written (an import, an
    // operator's repair) must not thaw a submitted application.
    const db = server.database.openDb();
    try {
      await db.kysely.deleteFrom('web_status_entries').where('account_id', '=', await accountIdOf(client)).where('web_status', '=', 'submitted').execute();
    } finally {
      await db.close();
    }
    const before = await everything(client);
    const writes: [string, string, unknown, string][] = [
      ['PUT', '/api/answer', { first_name: 'Augusta' }, answerMessages.submitted],
      ['PUT', '/api/tabs', { tab_id: 'resume', chosen_tab: 'upload' }, formStateMessages.submitted],
      ['PUT', '/api/add-another', { button_id: 'college', num_components: 3 }, formStateMessages.submitted],
      ['POST', '/api/presigned-url', { answer_key: 'resume_doc' }, uploadServiceMessages.submitted],
      ['PUT', '/api/last-page', { last_page: '/education' }, submissionMessages.frozen],
    ];
    await expectRefused(client, writes, before);
  });

  it('keeps a save racing the submit either in the submission or refused, never after it', async () => {
    for (let round = 0; round < 6; round += 1) {
      const client = await applicantWith(completeApplication());
      const [saved, submitted] = await Promise.all([client.put('/api/answer', { middle_name: `Round ${round}` }), submit(client)]);
      expect(submitted.status).toBe(200);
      expect([200, 409]).toContain(saved.status);
      const submission = await server.store.submissions.find(await accountIdOf(client));
      expect(submission?.answers.middle_name).toBe(saved.status === 200 ? `Round ${round}` : undefined);
      expect((await profileOf(client)).answer).toEqual(submission?.answers);
    }
  });

  it('refuses while a document is waiting or being converted, then submits once it is done', async () => {
    const client = await applicantWith(completeApplication());
    const accountId = await accountIdOf(client);
    const job = {
      account_id: accountId,
      answer_key: 'resume_doc',
      file_key: `uploads/${accountId}/resume_doc/z`,
      file_name: 'resume.docx',
      file_size: 99,
    };
    await server.store.conversions.start(job, Date.now());
    const before = await everything(client);

    const waiting = await submit(client);
    expect(waiting).toMatchObject({ status: 409, body: { message: submissionMessages.documentsPending } });
    await server.store.conversions.claim('test-worker', Date.now(), 60_000);
    expect((await server.store.conversions.find(accountId, 'resume_doc'))?.status).toBe('IN_PROGRESS');
    expect(await submit(client)).toMatchObject({ status: 409, body: { message: submissionMessages.documentsPending } });
    expect(await everything(client)).toEqual(before);

    await server.store.conversions.remove(accountId, 'resume_doc', 'applicant', Date.now());
    expect((await submit(client)).status).toBe(200);
  });

  it('needs a session', async () => {
    const anonymous = new ApiClient(server.baseUrl);
    expect((await submit(anonymous)).status).toBe(401);
  });
});
