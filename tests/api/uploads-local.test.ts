import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PresignedUpload } from '../../common/api';
import { UPLOAD_MAX_BYTES } from '../../common/constants';
import { answerFields } from '../../common/form/model';
import { createUploadService, uploadServiceMessages, type UploadService } from '../../backend/applicant/upload-service';
import { accountMessages } from '../../backend/auth/account-messages';
import { createObjectStore, type ObjectStore } from '../../backend/storage';
import { uploadMessages } from '../../backend/storage/multipart-post';
import { policyMessages } from '../../backend/storage/post-policy';
import { loggedInApplicant } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

const UPLOAD_KEY = answerFields.find((field) => field.type === 'upload')!.key;
const OTHER_UPLOAD_KEY = answerFields.filter((field) => field.type === 'upload')[1]!.key;
const TEN_MINUTES = 10 * 60_000;

describe.each(dialects)('uploads to the local object store on %s', (dialect) => {
  let server: TestServer;
  let objects: ObjectStore;
  let uploads: UploadService;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    // The same store the server uses: same folder, same generated secret.
    objects = createObjectStore(server.config, Date.now);
    uploads = createUploadService(server.store, objects, Date.now);
  });
  afterAll(() => server.close());

  async function accountIdOf(client: ApiClient): Promise<string> {
    const username = (await client.get<{ username: string }>('/api/profile')).body.username;
    return (await server.store.accounts.findByUsername(username))!.id;
  }

  async function presign(client: ApiClient, answerKey = UPLOAD_KEY): Promise<PresignedUpload> {
    const response = await client.post<PresignedUpload>('/api/presigned-url', { answer_key: answerKey });
    expect(response.status).toBe(200);
    return response.body;
  }

  /** What the renderer does: the fields, then the file(s), multipart, to the returned URL. */
  async function postForm(upload: PresignedUpload, files: Blob[], fields: Record<string, string> = upload.fields) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const file of files) form.append('file', file, 'essay.pdf');
    const response = await fetch(upload.url, { method: 'POST', body: form, headers: { origin: server.origin } });
    const text = await response.text();
    expect(response.status, text).toBeLessThan(500);
    return { status: response.status, message: text ? (JSON.parse(text) as { message: string }).message : '' };
  }

  /** Streams a form whose file part has `total` bytes, with no Content-Length; stops at the answer. */
  function postChunked(upload: PresignedUpload, total: number): Promise<{ status: number; sent: number }> {
    const boundary = 'gradapp-test-boundary';
    const head =
      Object.entries(upload.fields)
        .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join('') + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n\r\n`;
    return new Promise((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const request = http.request(
        upload.url,
        { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked', origin: server.origin } },
        (response) => {
          answered = true;
          const status = response.statusCode!;
          const at = sent;
          response.resume();
          response.on('end', () => resolve({ status, sent: at }));
        },
      );
      request.on('error', (error) => (answered ? undefined : reject(error)));
      request.write(head);
      const chunk = Buffer.alloc(64 * 1024, 0x25);
      const pump = () => {
        while (!answered && sent < total) {
          sent += chunk.length;
          if (!request.write(chunk)) return void request.once('drain', pump);
        }
        request.end();
      };
      pump();
    });
  }

  const bytes = (size: number, fill = 0x25) => new Blob([Buffer.alloc(size, fill)], { type: 'application/pdf' });

  /** Every object file under DATA_DIR/objects, leftovers of the temporary folder included. */
  function filesOnDisk(): string[] {
    const root = path.join(server.config.dataDir, 'objects');
    return fs.readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
  }

  it('issues a form only for an upload key of the data model', async () => {
    const client = await loggedInApplicant(server);
    for (const body of [{ answer_key: 'first_name' }, { answer_key: 'no_such_question' }, {}, { answer_key: 7 }]) {
      const response = await client.post('/api/presigned-url', body);
      expect(response).toMatchObject({ status: 400, body: { message: uploadServiceMessages.notAnUploadKey } });
    }

    const upload = await presign(client);
    const accountId = await accountIdOf(client);
    expect(upload.url).toBe(`${server.baseUrl}/storage/upload`);
    expect(upload.fields.key).toMatch(new RegExp(`^uploads/${accountId}/${UPLOAD_KEY}/[0-9a-f-]{36}$`));
    expect(Object.keys(upload.fields).sort()).toEqual(['key', 'policy', 'x-amz-algorithm', 'x-amz-signature']);
    const policy = JSON.parse(Buffer.from(upload.fields.policy!, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };
    expect(policy.conditions).toContainEqual(['eq', '$key', upload.fields.key]);
    expect(policy.conditions).toContainEqual(['content-length-range', 1, UPLOAD_MAX_BYTES]);
    expect(Date.parse(policy.expiration) - Date.now()).toBeGreaterThan(TEN_MINUTES - 60_000);
    expect(Date.parse(policy.expiration) - Date.now()).toBeLessThanOrEqual(TEN_MINUTES);
    expect((await presign(client)).fields.key).not.toBe(upload.fields.key);
  });

  it('issues a form for every upload key of the data model', async () => {
    const client = await loggedInApplicant(server);
    const uploadKeys = answerFields.filter((field) => field.type === 'upload').map((field) => field.key);
    expect(uploadKeys.length).toBeGreaterThan(10);
    for (const answerKey of uploadKeys) {
      const response = await client.post<PresignedUpload>('/api/presigned-url', { answer_key: answerKey });
      expect(response.status, answerKey).toBe(200);
      expect(response.body.fields.key).toContain(`/${answerKey}/`);
    }
  });

  it('issues forms only with a session, and no more once the application is submitted', async () => {
    const visitor = new ApiClient(server.baseUrl);
    expect(await visitor.post('/api/presigned-url', { answer_key: UPLOAD_KEY })).toMatchObject({
      status: 401,
      body: { message: accountMessages.sessionInvalid },
    });

    const client = await loggedInApplicant(server);
    const accountId = await accountIdOf(client);
    await server.store.submissions.submit(accountId, Date.now(), () => ({})); // submitted as the Submit button records it
    expect(await client.post('/api/presigned-url', { answer_key: UPLOAD_KEY })).toMatchObject({
      status: 409,
      body: { message: uploadServiceMessages.submitted },
    });
  });

  it('takes the file posted with the form (204), and findUpload knows it as this applicant\'s', async () => {
    const client = await loggedInApplicant(server);
    const accountId = await accountIdOf(client);
    const upload = await presign(client);
    const fileKey = upload.fields.key!;
    expect(await uploads.findUpload(accountId, UPLOAD_KEY, fileKey)).toBeNull();

    const content = Buffer.from('%PDF-1.4 a small essay');
    expect((await postForm(upload, [new Blob([content])])).status).toBe(204);
    expect(await objects.exists(fileKey)).toEqual({ size: content.length });
    expect(await objects.get(fileKey)).toEqual(content);
    expect(await uploads.findUpload(accountId, UPLOAD_KEY, fileKey)).toMatchObject({
      file_key: fileKey,
      account_id: accountId,
      answer_key: UPLOAD_KEY,
      size: content.length,
    });
    expect(await uploads.findUpload(accountId, OTHER_UPLOAD_KEY, fileKey)).toBeNull();
    expect(await uploads.findUpload(accountId, UPLOAD_KEY, `${fileKey}x`)).toBeNull();

    const largest = await presign(client);
    expect((await postForm(largest, [bytes(UPLOAD_MAX_BYTES)])).status).toBe(204);
    expect(await objects.exists(largest.fields.key!)).toEqual({ size: UPLOAD_MAX_BYTES });
  });

  it('takes the form from any origin, as a bucket does: the signed policy is the authorization', async () => {
    const upload = await presign(await loggedInApplicant(server));
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    form.append('file', bytes(10), 'essay.pdf');
    const response = await fetch(upload.url, { method: 'POST', body: form, headers: { origin: 'https://elsewhere.example' } });
    expect(response.status).toBe(204);
  });

  it('gives findUpload nothing for a key issued to another applicant', async () => {
    const owner = await loggedInApplicant(server);
    const other = await loggedInApplicant(server);
    const upload = await presign(owner);
    expect((await postForm(upload, [bytes(10)])).status).toBe(204);
    expect(await uploads.findUpload(await accountIdOf(other), UPLOAD_KEY, upload.fields.key!)).toBeNull();
    expect(await uploads.findUpload(await accountIdOf(owner), UPLOAD_KEY, upload.fields.key!)).not.toBeNull();
  });

  it('refuses a form posted once its applicant has submitted (409), and one it never issued (403), storing nothing', async () => {
    const client = await loggedInApplicant(server);
    const upload = await presign(client);
    await server.store.submissions.submit(await accountIdOf(client), Date.now(), () => ({})); // submitted as the Submit button records it
    const before = filesOnDisk();
    expect(await postForm(upload, [bytes(10)])).toEqual({ status: 409, message: uploadServiceMessages.submitted });
    expect(await objects.exists(upload.fields.key!)).toBeNull();

    // Signed with the store's secret but never recorded: no applicant stands behind it.
    const unrecorded = await objects.presignPost('uploads/nobody/resume_doc/1', { maxBytes: UPLOAD_MAX_BYTES, expiresInSeconds: 600 });
    expect(await postForm(unrecorded, [bytes(10)])).toEqual({ status: 403, message: uploadServiceMessages.formNotIssued });
    expect(await objects.exists('uploads/nobody/resume_doc/1')).toBeNull();
    expect(filesOnDisk()).toEqual(before);
  });

  describe('refuses, writing nothing,', () => {
    let client: ApiClient;
    let before: string[];

    // A new applicant for each case: a case's forms, refused, stay outstanding and count against the limit.
    beforeEach(async () => {
      client = await loggedInApplicant(server);
    });

    async function expectRefused(attempt: (upload: PresignedUpload) => Promise<{ status: number; message: string }>, status: number, message: string) {
      before = filesOnDisk();
      const upload = await presign(client);
      expect(await attempt(upload)).toEqual({ status, message });
      expect(await objects.exists(upload.fields.key!)).toBeNull();
      expect(filesOnDisk()).toEqual(before);
    }

    it('a form whose policy has expired', async () => {
      await expectRefused(
        async (upload) => {
          server.advance(TEN_MINUTES);
          return postForm(upload, [bytes(10)]);
        },
        403,
        policyMessages.expired,
      );
    });

    it('a key other than the one the policy names', async () => {
      await expectRefused(
        (upload) => postForm(upload, [bytes(10)], { ...upload.fields, key: upload.fields.key!.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')) }),
        403,
        policyMessages.mismatch('key'),
      );
      await expectRefused((upload) => postForm(upload, [bytes(10)], { ...upload.fields, key: '../../escape' }), 403, policyMessages.mismatch('key'));
    });

    it('a file one byte over 1 MB, and an empty file', async () => {
      await expectRefused((upload) => postForm(upload, [bytes(UPLOAD_MAX_BYTES + 1)]), 400, uploadMessages.tooLarge(UPLOAD_MAX_BYTES));
      await expectRefused((upload) => postForm(upload, [bytes(0)]), 400, uploadMessages.empty);
    });

    it('a signature or a policy changed by one character', async () => {
      const tamper = (text: string) => text.slice(0, -1) + (text.endsWith('0') ? '1' : '0');
      await expectRefused(
        (upload) => postForm(upload, [bytes(10)], { ...upload.fields, 'x-amz-signature': tamper(upload.fields['x-amz-signature']!) }),
        403,
        policyMessages.badSignature,
      );
      await expectRefused((upload) => postForm(upload, [bytes(10)], { ...upload.fields, policy: tamper(upload.fields.policy!) }), 403, policyMessages.badSignature);
      await expectRefused(
        (upload) => postForm(upload, [bytes(10)], { key: upload.fields.key!, policy: upload.fields.policy! }),
        403,
        policyMessages.unsigned,
      );
    });

    it('two files, no file, a field the policy does not name', async () => {
      await expectRefused((upload) => postForm(upload, [bytes(10), bytes(10)]), 400, uploadMessages.tooManyFiles);
      await expectRefused((upload) => postForm(upload, []), 400, uploadMessages.noFile);
      await expectRefused(
        (upload) => postForm(upload, [bytes(10)], { ...upload.fields, 'Content-Type': 'text/html' }),
        403,
        policyMessages.extraField('content-type'),
      );
    });

    it('a body that is not multipart', async () => {
      await expectRefused(
        async (upload) => {
          const response = await fetch(upload.url, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.origin }, body: JSON.stringify(upload.fields) });
          return { status: response.status, message: ((await response.json()) as { message: string }).message };
        },
        400,
        uploadMessages.notMultipart,
      );
    });

    it('a body far over the limit, without reading it all', async () => {
      const upload = await presign(client);
      before = filesOnDisk();
      const form = new FormData();
      for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
      form.append('file', bytes(8 * UPLOAD_MAX_BYTES), 'huge.pdf');
      // The answer comes before the body is sent, and the connection is closed: the client may
      // see the 413 or only the closed connection.
      const outcome = await fetch(upload.url, { method: 'POST', body: form, headers: { origin: server.origin } }).then(
        (response) => response.status,
        () => 'connection closed',
      );
      expect([413, 'connection closed']).toContain(outcome);
      expect(await objects.exists(upload.fields.key!)).toBeNull();
      expect(filesOnDisk()).toEqual(before);
    });

    it('a chunked body without a length, answered long before 50 MB are sent', async () => {
      const upload = await presign(client);
      before = filesOnDisk();
      const total = 50 * UPLOAD_MAX_BYTES;
      const { status, sent } = await postChunked(upload, total);
      expect(status).toBe(400);
      expect(sent).toBeLessThan(total / 2);
      expect(await objects.exists(upload.fields.key!)).toBeNull();
      expect(filesOnDisk()).toEqual(before);
    });
  });
});
