import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversionPath, type PresignedUpload } from '../../common/api';
import { UPLOAD_MAX_BYTES, UPLOADS_OUTSTANDING_PER_APPLICANT, UPLOADS_OUTSTANDING_PER_QUESTION } from '../../common/constants';
import { answerFields } from '../../common/form/model';
import { UPLOAD_FORM_TTL_SECONDS, uploadServiceMessages } from '../../backend/applicant/upload-service';
import { buildPdf } from '../../scripts/support/documents';
import { loggedInApplicant } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import type { ApiClient, ApiResponse } from '../../scripts/support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

const UPLOAD_KEYS = answerFields.filter((field) => field.type === 'upload').map((field) => field.key);
const [KEY, OTHER_KEY] = UPLOAD_KEYS as [string, string];
const TTL_MS = UPLOAD_FORM_TTL_SECONDS * 1000;

describe.each(dialects)('limits on outstanding uploads on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const presign = (client: ApiClient, answerKey = KEY): Promise<ApiResponse<PresignedUpload>> =>
    client.post<PresignedUpload>('/api/presigned-url', { answer_key: answerKey });

  async function presignOk(client: ApiClient, answerKey = KEY): Promise<PresignedUpload> {
    const response = await presign(client, answerKey);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  }

  /** Posts a file with a form's fields, as the renderer does. */
  async function post(form: PresignedUpload, bytes: Uint8Array<ArrayBuffer>, fileName: string): Promise<Response> {
    const body = new FormData();
    for (const [name, value] of Object.entries(form.fields)) body.append(name, value);
    body.append('file', new Blob([bytes]), fileName);
    return fetch(form.url, { method: 'POST', body });
  }

  /** Retry-After of a refusal, in seconds. */
  const retryAfter = (response: ApiResponse<unknown>) => Number(response.headers.get('retry-after'));

  it(`refuses a form past ${UPLOADS_OUTSTANDING_PER_QUESTION} outstanding for one question (429, Retry-After until the oldest expires), records nothing, and leaves other questions open`, async () => {
    const client = await loggedInApplicant(server);
    for (let form = 0; form < UPLOADS_OUTSTANDING_PER_QUESTION; form += 1) await presignOk(client);
    let moved = 2 * 60_000;
    server.advance(moved);
    try {
      const refused = await presign(client);
      expect(refused).toMatchObject({ status: 429, body: { message: uploadServiceMessages.tooManyForQuestion } });
      expect(retryAfter(refused)).toBeGreaterThan(TTL_MS / 1000 - 2 * 60 - 5);
      expect(retryAfter(refused)).toBeLessThanOrEqual(TTL_MS / 1000 - 2 * 60);
      await presignOk(client, OTHER_KEY);

      // Once the first forms expire the question takes as many again: the refused one was never recorded.
      server.advance(retryAfter(refused) * 1000);
      moved += retryAfter(refused) * 1000;
      for (let form = 0; form < UPLOADS_OUTSTANDING_PER_QUESTION; form += 1) await presignOk(client);
      expect((await presign(client)).status).toBe(429);
    } finally {
      server.advance(-moved);
    }
  });

  it('counts in the store: of many forms asked for at once, only the limit is issued', async () => {
    const client = await loggedInApplicant(server);
    const responses = await Promise.all(Array.from({ length: 2 * UPLOADS_OUTSTANDING_PER_QUESTION }, () => presign(client)));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(UPLOADS_OUTSTANDING_PER_QUESTION);
    expect(responses.filter((response) => response.status === 429)).toHaveLength(UPLOADS_OUTSTANDING_PER_QUESTION);
  });

  it('frees a place when a conversion uses a form', async () => {
    const client = await loggedInApplicant(server);
    const forms = [];
    for (let form = 0; form < UPLOADS_OUTSTANDING_PER_QUESTION; form += 1) forms.push(await presignOk(client));
    expect((await presign(client)).status).toBe(429);

    const used = forms[0]!;
    const body = new FormData();
    for (const [name, value] of Object.entries(used.fields)) body.append(name, value);
    body.append('file', new Blob([new Uint8Array(await buildPdf())]), 'essay.pdf');
    expect((await fetch(used.url, { method: 'POST', body })).status).toBe(204);
    expect((await client.post(conversionPath(KEY), { file_key: used.fields.key, file_name: 'essay.pdf' })).status).toBe(202);
    await presignOk(client);
    expect((await presign(client)).status).toBe(429);
    // The conversion is this test's only job: none waits for a worker in later tests.
    expect((await client.request('DELETE', conversionPath(KEY))).status).toBe(200);
  });

  it('frees a form the store refused at once: after three uploads over the size limit the fourth, a real one, converts', async () => {
    const client = await loggedInApplicant(server);
    // Just over the limit (400), and far over it (413 before the file is read, or the connection closed).
    const tooLarge = [UPLOAD_MAX_BYTES + 1, 4 * UPLOAD_MAX_BYTES, UPLOAD_MAX_BYTES + 1];
    expect(tooLarge).toHaveLength(UPLOADS_OUTSTANDING_PER_QUESTION);
    for (const size of tooLarge) {
      const form = await presignOk(client);
      const outcome = await post(form, new Uint8Array(size), 'essay.pdf').then((response) => response.status, () => 'connection closed');
      expect(size > 2 * UPLOAD_MAX_BYTES ? [413, 'connection closed'] : [400]).toContain(outcome);
      // The refused form is dead: posting to it again is refused as a form never issued.
      expect((await post(form, new Uint8Array(await buildPdf()), 'essay.pdf')).status).toBe(403);
    }
    const form = await presignOk(client);
    expect((await post(form, new Uint8Array(await buildPdf()), 'essay.pdf')).status).toBe(204);
    expect((await client.post(conversionPath(KEY), { file_key: form.fields.key, file_name: 'essay.pdf' })).status).toBe(202);
    expect((await client.request('DELETE', conversionPath(KEY))).status).toBe(200);
  });

  it('frees a place when a form expires', async () => {
    const client = await loggedInApplicant(server);
    for (let form = 0; form < UPLOADS_OUTSTANDING_PER_QUESTION; form += 1) await presignOk(client);
    const refused = await presign(client);
    expect(refused.status).toBe(429);
    server.advance(retryAfter(refused) * 1000);
    try {
      await presignOk(client);
    } finally {
      server.advance(-retryAfter(refused) * 1000);
    }
  });

  it(`refuses a form past ${UPLOADS_OUTSTANDING_PER_APPLICANT} outstanding over all questions, with its own message`, async () => {
    const client = await loggedInApplicant(server);
    const perQuestion = 2;
    const questions = UPLOADS_OUTSTANDING_PER_APPLICANT / perQuestion;
    expect(UPLOAD_KEYS.length).toBeGreaterThan(questions);
    for (const answerKey of UPLOAD_KEYS.slice(0, questions)) {
      for (let form = 0; form < perQuestion; form += 1) await presignOk(client, answerKey);
    }
    const refused = await presign(client, UPLOAD_KEYS[questions]);
    expect(refused).toMatchObject({ status: 429, body: { message: uploadServiceMessages.tooManyOverall } });
    expect(retryAfter(refused)).toBeGreaterThan(0);
    expect(retryAfter(refused)).toBeLessThanOrEqual(TTL_MS / 1000);
  });

  it('keeps applicants apart', async () => {
    const busy = await loggedInApplicant(server);
    for (let form = 0; form < UPLOADS_OUTSTANDING_PER_QUESTION; form += 1) await presignOk(busy);
    await presignOk(await loggedInApplicant(server));
  });
});
