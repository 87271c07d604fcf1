import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresignedUpload } from '../../common/api';
import { UPLOAD_MAX_BYTES } from '../../common/constants';
import { answerFields } from '../../common/form/model';
import { createUploadService, UPLOAD_FORM_TTL_SECONDS, type UploadService } from '../../backend/applicant/upload-service';
import { purgeExpired } from '../../backend/housekeeping/housekeeping';
import { UPLOAD_SWEEP_GRACE_MS } from '../../backend/housekeeping/upload-sweep';
import { createLogger } from '../../backend/platform/log';
import { createObjectStore, type ObjectStore } from '../../backend/storage';
import { createS3Store } from '../../backend/storage/s3-store';
import { loggedInApplicant } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import type { ApiClient } from '../../scripts/support/http-client';
import { startS3rver, type TestS3 } from '../../scripts/support/s3rver';
import { startTestServer, type TestServer } from './support/test-server';

const BUCKET = 'gradapp-uploads';
const UPLOAD_KEY = answerFields.find((field) => field.type === 'upload')!.key;

describe.each(dialects)('uploads to S3 (s3rver) on %s', (dialect) => {
  let s3: TestS3;
  let endpoint: string;
  let server: TestServer;
  let objects: ObjectStore;
  let uploads: UploadService;

  beforeAll(async () => {
    s3 = await startS3rver(BUCKET);
    endpoint = s3.endpoint;
    server = await startTestServer(dialect, { env: s3.env });
    objects = createObjectStore(server.config, Date.now);
    uploads = createUploadService(server.store, objects, Date.now);
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  async function accountIdOf(client: ApiClient): Promise<string> {
    const username = (await client.get<{ username: string }>('/api/profile')).body.username;
    return (await server.store.accounts.findByUsername(username))!.id;
  }

  async function postForm(upload: PresignedUpload, file: Blob) {
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    form.append('file', file, 'essay.pdf');
    const response = await fetch(upload.url, { method: 'POST', body: form });
    return { status: response.status, text: await response.text() };
  }

  it('presigns a POST to the bucket whose policy pins the key and the size range', async () => {
    const client = await loggedInApplicant(server);
    const response = await client.post<PresignedUpload>('/api/presigned-url', { answer_key: UPLOAD_KEY });
    expect(response.status).toBe(200);
    const { url, fields } = response.body;
    expect(url).toBe(`${endpoint}/${BUCKET}`);
    expect(fields.key).toMatch(new RegExp(`^uploads/${await accountIdOf(client)}/${UPLOAD_KEY}/[0-9a-f-]{36}$`));
    expect(fields).toMatchObject({ bucket: BUCKET, 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' });
    const policy = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };
    expect(policy.conditions).toContainEqual(['eq', '$key', fields.key]);
    expect(policy.conditions).toContainEqual(['content-length-range', 1, UPLOAD_MAX_BYTES]);
    expect(Date.parse(policy.expiration) - Date.now()).toBeLessThanOrEqual(10 * 60_000);
  });

  it('takes the file posted straight to the bucket (204), and the store and findUpload see it', async () => {
    const client = await loggedInApplicant(server);
    const accountId = await accountIdOf(client);
    const upload = (await client.post<PresignedUpload>('/api/presigned-url', { answer_key: UPLOAD_KEY })).body;
    const content = Buffer.from('%PDF-1.4 an essay kept in S3');
    expect((await postForm(upload, new Blob([content]))).status).toBe(204);

    const fileKey = upload.fields.key!;
    expect(await objects.exists(fileKey)).toEqual({ size: content.length });
    expect(await objects.get(fileKey)).toEqual(content);
    expect(await uploads.findUpload(accountId, UPLOAD_KEY, fileKey)).toMatchObject({ file_key: fileKey, size: content.length });
    const stranger = await loggedInApplicant(server);
    expect(await uploads.findUpload(await accountIdOf(stranger), UPLOAD_KEY, fileKey)).toBeNull();
  });

  it("lets the page's Content-Security-Policy connect to the bucket's origin, and no other", async () => {
    const response = await fetch(`${server.baseUrl}/health`);
    const connect = response.headers.get('content-security-policy')?.split('; ').find((part) => part.startsWith('connect-src'));
    expect(connect).toBe(`connect-src 'self' ${endpoint}`);
  });

  it('does not serve the local store\'s upload endpoint', async () => {
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.pdf');
    const response = await fetch(`${server.baseUrl}/storage/upload`, { method: 'POST', body: form });
    // No route takes it, so it meets the JSON body parser, which refuses a multipart body.
    expect(response.status).toBe(415);
  });

  it('stores, reads and deletes objects through the interface', async () => {
    const key = 'tests/round-trip/object.pdf';
    expect(await objects.exists(key)).toBeNull();
    expect(await objects.get(key)).toBeNull();
    await objects.put(key, Buffer.from('converted'), 'application/pdf');
    expect(await objects.exists(key)).toEqual({ size: 9 });
    expect((await objects.get(key))?.toString()).toBe('converted');
    await objects.delete(key);
    expect(await objects.exists(key)).toBeNull();
    await objects.delete(key);
  });

  /** Every object the store lists under the prefix, by key. */
  async function listed(prefix: string) {
    const found = [];
    for await (const object of objects.list(prefix)) found.push(object);
    return found.sort((a, b) => a.key.localeCompare(b.key));
  }

  it('lists the objects under a prefix with their sizes and times', async () => {
    const keys = ['tests/list/a/1.pdf', 'tests/list/b/2.pdf', 'tests/listed-elsewhere/3.pdf'];
    for (const [index, key] of keys.entries()) await objects.put(key, Buffer.alloc(index + 1), 'application/pdf');
    const found = await listed('tests/list/');
    expect(found.map((object) => [object.key, object.size])).toEqual([
      ['tests/list/a/1.pdf', 1],
      ['tests/list/b/2.pdf', 2],
    ]);
    for (const object of found) expect(Math.abs(object.modifiedAt - Date.now())).toBeLessThan(60_000);
    expect(await listed('tests/nothing-here/')).toEqual([]);
  });

  it('has housekeeping delete an expired upload never converted, and a PDF no conversion names, from the bucket', async () => {
    const client = await loggedInApplicant(server);
    const accountId = await accountIdOf(client);
    const upload = (await client.post<PresignedUpload>('/api/presigned-url', { answer_key: UPLOAD_KEY })).body;
    expect((await postForm(upload, new Blob([Buffer.from('%PDF-1.4 never converted')]))).status).toBe(204);
    const orphan = `converted/${accountId}/${UPLOAD_KEY}/00000000-0000-4000-8000-000000000000.pdf`;
    await objects.put(orphan, Buffer.from('%PDF-1.4 no conversion names me'), 'application/pdf');

    const later = UPLOAD_FORM_TTL_SECONDS * 1000 + UPLOAD_SWEEP_GRACE_MS + 60_000;
    server.advance(later);
    try {
      await purgeExpired({ store: server.store, objects: server.objects, config: server.config, clock: server.clock, logger: createLogger('silent') });
    } finally {
      server.advance(-later);
    }
    expect(await objects.exists(upload.fields.key!)).toBeNull();
    expect(await objects.exists(orphan)).toBeNull();
    expect(await uploads.findUpload(accountId, UPLOAD_KEY, upload.fields.key!)).toBeNull();
  });

  // s3rver 3.7 does not check POST policies at all (its object controller marks `policy` as
  // unimplemented), so it stores a file over the range; real S3 answers 400 EntityTooLarge. The
  // backend therefore checks the size again: findUpload refuses an object outside 1..1 MB.
  it('keeps a file over 1 MB out of findUpload even where the server ignores the policy', async () => {
    const client = await loggedInApplicant(server);
    const accountId = await accountIdOf(client);
    const upload = (await client.post<PresignedUpload>('/api/presigned-url', { answer_key: UPLOAD_KEY })).body;
    const result = await postForm(upload, new Blob([Buffer.alloc(UPLOAD_MAX_BYTES + 1)]));
    expect(result.status).toBe(204);
    expect(await objects.exists(upload.fields.key!)).toEqual({ size: UPLOAD_MAX_BYTES + 1 });
    expect(await uploads.findUpload(accountId, UPLOAD_KEY, upload.fields.key!)).toBeNull();
  });
});

// The S3 store's own paging, apart from any database.
describe('the S3 store listing a bucket of several pages', () => {
  // s3rver cannot answer a truncated listing (its continuation tokens need DES, which OpenSSL 3 no
  // longer offers), so a bucket of two pages is played by a small server answering ListObjectsV2.
  it('lists past the first page, following the continuation token', async () => {
    const queries: URLSearchParams[] = [];
    const pages = new Map([
      ['', { keys: ['converted/a/1.pdf', 'converted/a/2.pdf'], next: 'page-2' }],
      ['page-2', { keys: ['converted/b/3.pdf'], next: null }],
    ]);
    const bucket = http.createServer((request, response) => {
      const query = new URL(request.url!, 'http://bucket').searchParams;
      queries.push(query);
      const page = pages.get(query.get('continuation-token') ?? '')!;
      const contents = page.keys.map((key) => `<Contents><Key>${key}</Key><Size>7</Size><LastModified>2030-01-01T12:00:00.000Z</LastModified></Contents>`);
      response.setHeader('content-type', 'application/xml');
      response.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${BUCKET}</Name><Prefix>converted/</Prefix><KeyCount>${page.keys.length}</KeyCount>` +
          `<IsTruncated>${page.next !== null}</IsTruncated>${page.next ? `<NextContinuationToken>${page.next}</NextContinuationToken>` : ''}${contents.join('')}</ListBucketResult>`,
      );
    });
    await new Promise<void>((resolve) => bucket.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = bucket.address() as AddressInfo;
      const paged = createS3Store({
        kind: 's3',
        bucket: BUCKET,
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
        forcePathStyle: true,
      });
      const found = [];
      for await (const object of paged.list('converted/')) found.push(object);
      expect(found).toEqual(
        ['converted/a/1.pdf', 'converted/a/2.pdf', 'converted/b/3.pdf'].map((key) => ({ key, size: 7, modifiedAt: Date.parse('2030-01-01T12:00:00Z') })),
      );
      expect(queries.map((query) => [query.get('list-type'), query.get('prefix'), query.get('continuation-token')])).toEqual([
        ['2', 'converted/', null],
        ['2', 'converted/', 'page-2'],
      ]);
    } finally {
      bucket.closeAllConnections();
      await new Promise((resolve) => bucket.close(resolve));
    }
  });
});
