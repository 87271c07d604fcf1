import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversionPath, type ConversionStatusResponse } from '../../common/api';
import { type MintedTokenResponse, type PrefillResponse, type ServiceApplicationResponse } from '../../common/token-api';
import { answerFields } from '../../common/form/model';
import { tokenMessages } from '../../backend/access-tokens/token-messages';
import { createAccessTokenService } from '../../backend/access-tokens/token-service';
import { hashSecret, randomToken } from '../../backend/security/secrets';
import { openStore } from '../../backend/open-store';
import { buildPdf } from '../../scripts/support/documents';
import { loggedInApplicant, uniqueEmail } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { ApiClient, type ApiResponse } from '../../scripts/support/http-client';
import { startTestServer, type TestServer } from './support/test-server';
import { CONVERSION_END_BOUND_MS, conversionEnded, untilEnded, uploadFile } from '../../scripts/support/uploads';
import { dataDirSealer } from '../../backend/security/sealing-keys';

const ADMIN_KEY = 'test-admin-key-0123456789-abcdefghijklmnop';
const UPLOAD_KEY = answerFields.find((field) => field.type === 'upload')!.key;
const repoRoot = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const DAY_MS = 24 * 60 * 60_000;

function admin<T = MintedTokenResponse>(server: TestServer, adminPath: string, body: unknown, key: string | null = ADMIN_KEY): Promise<ApiResponse<T>> {
  const client = new ApiClient(server.baseUrl);
  return client.request<T>('POST', adminPath, body, key === null ? {} : { authorization: `Bearer ${key}` });
}

const tokenOf = (minted: MintedTokenResponse, param: string) => new URL(minted.url).searchParams.get(param)!;

describe.each(dialects)('service and prefill tokens on %s', (dialect) => {
  let server: TestServer;
  let applicant: ApiClient;
  let username: string;
  let accountId: string;

  const upload = (client: ApiClient, answerKey: string, bytes: Buffer) => uploadFile(server, client, answerKey, bytes);

  async function serviceToken(forUsername = username, days?: number): Promise<string> {
    const minted = await admin(server, '/admin/service-tokens', { username: forUsername, days });
    expect(minted.status).toBe(201);
    return tokenOf(minted.body, 'service_token');
  }

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ADMIN_API_KEY: ADMIN_KEY }, conversions: true });
    username = uniqueEmail('service');
    applicant = await loggedInApplicant(server, username);
    accountId = (await server.store.accounts.findByUsername(username))!.id;
    expect((await applicant.put('/api/answer', { first_name: 'Ada', last_name: 'Lovelace', birth_date: '1990-05-17' })).status).toBe(200);
    expect((await applicant.put('/api/tabs', { tab_id: 'personal_statement', chosen_tab: 'upload' })).status).toBe(200);
    expect((await applicant.put('/api/add-another', { button_id: 'college', num_components: 2 })).status).toBe(200);
    const fileKey = await upload(applicant, UPLOAD_KEY, await buildPdf(['A statement.']));
    expect((await applicant.post(conversionPath(UPLOAD_KEY), { file_key: fileKey, file_name: 'statement.pdf' })).status).toBe(202);
    const { status } = await untilEnded(async () => (await applicant.get<ConversionStatusResponse>(conversionPath(UPLOAD_KEY))).body, conversionEnded, CONVERSION_END_BOUND_MS, 100);
    expect(status).toBe('COMPLETED');
  }, CONVERSION_END_BOUND_MS + 30_000);
  afterAll(() => server.close());

  describe('service tokens', () => {
    it('mints a link to PUBLIC_URL/?service_token= that returns the whole application, read-only, with no session', async () => {
      const minted = await admin(server, '/admin/service-tokens', { username: username.toUpperCase(), days: 7 });
      expect(minted.status).toBe(201);
      expect(minted.body.url).toMatch(new RegExp(`^${server.baseUrl}/\\?service_token=[A-Za-z0-9_-]{43}$`));
      const expires = Date.parse(minted.body.expires_at);
      expect(Math.abs(expires - (Date.now() + 7 * DAY_MS))).toBeLessThan(60_000);

      const token = tokenOf(minted.body, 'service_token');
      const viewer = new ApiClient(server.baseUrl);
      const response = await viewer.get<ServiceApplicationResponse>(`/service/tmp-pdf?service_token=${token}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.body).toEqual({
        answer: { first_name: 'Ada', last_name: 'Lovelace', birth_date: '1990-05-17', [UPLOAD_KEY]: 'ANSWERED' },
        add_another: { college: 2 },
        document_answer: { [UPLOAD_KEY]: { file_name: 'statement.pdf', file_size: expect.any(Number) } },
        tabs: { personal_statement: 'upload' },
      });
      expect(viewer.cookies.size).toBe(0);
    });

    it('streams a converted document as a PDF; a question without one is 404', async () => {
      const token = await serviceToken();
      const response = await fetch(`${server.baseUrl}/service/document/${UPLOAD_KEY}?service_token=${token}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toContain('statement.pdf');
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(100);
      const viewer = new ApiClient(server.baseUrl);
      for (const key of ['resume_doc', 'first_name', 'no_such_key']) {
        if (key === UPLOAD_KEY) continue;
        expect(await viewer.get(`/service/document/${key}?service_token=${token}`)).toMatchObject({ status: 404, body: { message: tokenMessages.noDocument } });
      }
      expect((await viewer.get(`/service/document/${UPLOAD_KEY}?service_token=${randomToken()}`)).status).toBe(401);
    });

    it('answers 400 for a missing or malformed token, 401 for an unknown one and 403 for an expired one, each with a message', async () => {
      const viewer = new ApiClient(server.baseUrl);
      for (const query of ['', '?service_token=', '?service_token=short', `?service_token=${randomToken()}x`, `?service_token=a&service_token=b`]) {
        expect(await viewer.get(`/service/tmp-pdf${query}`)).toMatchObject({ status: 400, body: { message: tokenMessages.serviceMalformed } });
      }
      expect(await viewer.get(`/service/tmp-pdf?service_token=${randomToken()}`)).toMatchObject({
        status: 401,
        body: { message: tokenMessages.serviceUnknown },
      });

      const expired = randomToken();
      await server.store.accessTokens.createServiceToken({
        token_hash: hashSecret('service-token', expired),
        account_id: accountId,
        expires_at: Date.now() - 1000,
        created_by: 'command',
        created_at: Date.now() - DAY_MS,
      });
      expect(await viewer.get(`/service/tmp-pdf?service_token=${expired}`)).toMatchObject({ status: 403, body: { message: tokenMessages.serviceExpired } });
      expect((await viewer.get(`/service/document/${UPLOAD_KEY}?service_token=${expired}`)).status).toBe(403);
    });

    it('is not a session: every /api call and every write with the token is refused, and nothing changes', async () => {
      const token = await serviceToken();
      const viewer = new ApiClient(server.baseUrl);
      const bearer = { authorization: `Bearer ${token}` };
      const attempts: [string, string, unknown][] = [
        ['GET', '/api/profile', undefined],
        ['PUT', '/api/answer', { first_name: 'Mallory' }],
        ['PUT', '/api/tabs', { tab_id: 'personal_statement', chosen_tab: 'text' }],
        ['PUT', '/api/add-another', { button_id: 'college', num_components: 5 }],
        ['POST', '/api/web-status', { web_status: 'started' }],
        ['DELETE', `/api/document-answer/${UPLOAD_KEY}`, undefined],
        ['POST', '/api/presigned-url', { answer_key: UPLOAD_KEY }],
      ];
      for (const [method, apiPath, body] of attempts) {
        const withQuery = await viewer.request(method, `${apiPath}?service_token=${token}`, body);
        expect(withQuery.status, `${method} ${apiPath}`).toBe(401);
        expect((await viewer.request(method, apiPath, body, bearer)).status, `${method} ${apiPath} (bearer)`).toBe(401);
      }
      for (const method of ['POST', 'PUT', 'DELETE']) {
        const write = await viewer.request(method, `/service/tmp-pdf?service_token=${token}`, method === 'DELETE' ? undefined : { answer: { first_name: 'Mallory' } });
        expect(write.status, method).toBe(405);
      }
      const after = (await viewer.get<ServiceApplicationResponse>(`/service/tmp-pdf?service_token=${token}`)).body;
      expect(after.answer.first_name).toBe('Ada');
      expect(after.tabs).toEqual({ personal_statement: 'upload' });
      expect(after.add_another).toEqual({ college: 2 });
      expect(Object.keys(after.document_answer)).toEqual([UPLOAD_KEY]);
    });

    it("opens one application only: another applicant's token shows theirs, never this one's", async () => {
      const otherName = uniqueEmail('other');
      const other = await loggedInApplicant(server, otherName);
      await other.put('/api/answer', { first_name: 'Grace' });
      const viewer = new ApiClient(server.baseUrl);
      const mine = (await viewer.get<ServiceApplicationResponse>(`/service/tmp-pdf?service_token=${await serviceToken()}`)).body;
      const theirs = (await viewer.get<ServiceApplicationResponse>(`/service/tmp-pdf?service_token=${await serviceToken(otherName)}`)).body;
      expect(mine.answer.first_name).toBe('Ada');
      expect(theirs).toEqual({ answer: { first_name: 'Grace' }, add_another: {}, document_answer: {}, tabs: {} });
      const otherToken = await serviceToken(otherName);
      expect((await viewer.get(`/service/document/${UPLOAD_KEY}?service_token=${otherToken}`)).status).toBe(404);
    });

    it('stores only a hash of the token', async () => {
      const token = await serviceToken();
      expect(await server.store.accessTokens.findServiceToken(token)).toBeUndefined();
      expect(await server.store.accessTokens.findServiceToken(hashSecret('service-token', token))).toMatchObject({ account_id: accountId, created_by: 'admin API key "unlabelled"' });
      if (dialect === 'sqlite') {
        const files = fs.readdirSync(server.config.dataDir).filter((name) => name.startsWith('gradapp.sqlite'));
        for (const file of files) expect(fs.readFileSync(path.join(server.config.dataDir, file)).includes(token)).toBe(false);
      }
    });
  });

  describe('admin endpoint', () => {
    it('refuses a missing or wrong key with 401, and mints with the right one', async () => {
      const body = { username };
      for (const key of [null, 'wrong', `${ADMIN_KEY}x`, ADMIN_KEY.slice(1)]) {
        const refused = await admin(server, '/admin/service-tokens', body, key);
        expect(refused).toMatchObject({ status: 401, body: { message: tokenMessages.adminKeyWrong } });
        expect(refused.headers.get('www-authenticate')).toBe('Bearer');
        expect((await admin(server, '/admin/prefill-tokens', { answers: { first_name: 'Ada' } }, key)).status).toBe(401);
      }
      expect((await admin(server, '/admin/service-tokens', body)).status).toBe(201);
    });

    it('names the problem with an unknown applicant or bad days', async () => {
      expect(await admin(server, '/admin/service-tokens', { username: uniqueEmail('nobody') })).toMatchObject({
        status: 404,
        body: { message: tokenMessages.unknownApplicant },
      });
      expect((await admin(server, '/admin/service-tokens', { username: 'not-an-email' })).status).toBe(400);
      for (const days of [0, 31, 2.5, '7', -1]) {
        expect(await admin(server, '/admin/service-tokens', { username, days })).toMatchObject({ status: 400, body: { message: tokenMessages.badDays(30) } });
      }
      expect((await admin(server, '/admin/prefill-tokens', { answers: { first_name: 'Ada' }, days: 91 })).status).toBe(400);
      expect((await admin(server, '/admin/prefill-tokens', { answers: { first_name: 'Ada' }, days: 90 })).status).toBe(201);
    });

    it('is off (404) without ADMIN_API_KEY', async () => {
      const plain = await startTestServer(dialect);
      try {
        for (const adminPath of ['/admin/service-tokens', '/admin/prefill-tokens']) {
          expect((await admin(plain, adminPath, { username }, ADMIN_KEY)).status).toBe(404);
          expect((await admin(plain, adminPath, { username }, null)).status).toBe(404);
        }
      } finally {
        await plain.close();
      }
    });
  });

  describe('prefill tokens', () => {
    it('mints PUBLIC_URL/about?token= whose answers anyone can load, with no session', async () => {
      const answers = { first_name: 'Ada', last_name: 'Lovelace', optin_sms_ind: true, middle_name: '' };
      const minted = await admin(server, '/admin/prefill-tokens', { answers });
      expect(minted.status).toBe(201);
      expect(minted.body.url).toMatch(new RegExp(`^${server.baseUrl}/about\\?token=[A-Za-z0-9_-]{43}$`));
      expect(Math.abs(Date.parse(minted.body.expires_at) - (Date.now() + 14 * DAY_MS))).toBeLessThan(60_000);
      const token = tokenOf(minted.body, 'token');
      const visitor = new ApiClient(server.baseUrl);
      const loaded = await visitor.get<PrefillResponse>(`/public/tmp?token=${token}`);
      expect(loaded).toMatchObject({ status: 200, body: { answer: { first_name: 'Ada', last_name: 'Lovelace', optin_sms_ind: true } } });
      expect(loaded.body.answer).not.toHaveProperty('middle_name');
      expect(await server.store.accessTokens.findPrefillToken(token)).toBeUndefined();
      expect(await server.store.accessTokens.findPrefillToken(hashSecret('prefill-token', token))).toBeDefined();
    });

    it('refuses unknown keys, wrong types, over-long values and documents with 400, naming each key', async () => {
      const refused = await admin<{ message: string; errors: Record<string, string[]> }>(server, '/admin/prefill-tokens', {
        answers: { first_name: 'x'.repeat(500), favourite_colour: 'blue', optin_sms_ind: 'yes', last_name: 7, birth_date: '17/05/1990' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(tokenMessages.refusedAnswers);
      expect(Object.keys(refused.body.errors).sort()).toEqual(['birth_date', 'favourite_colour', 'first_name', 'last_name', 'optin_sms_ind']);
      for (const value of ['ANSWERED', null, '']) {
        const document = await admin<{ errors: Record<string, string[]> }>(server, '/admin/prefill-tokens', { answers: { first_name: 'Ada', [UPLOAD_KEY]: value } });
        expect(document).toMatchObject({ status: 400, body: { message: tokenMessages.refusedAnswers, errors: { [UPLOAD_KEY]: [tokenMessages.uploadNotPrefillable] } } });
      }
      expect(await admin(server, '/admin/prefill-tokens', { answers: { first_name: '' } })).toMatchObject({ status: 400, body: { message: tokenMessages.noAnswers } });
      for (const answers of [undefined, 'first_name=Ada', ['Ada']]) {
        expect((await admin(server, '/admin/prefill-tokens', { answers })).status).toBe(400);
      }
    });

    it('answers 400 for a malformed token, 404 for an unknown one and 410 for an expired one, each with a message', async () => {
      const visitor = new ApiClient(server.baseUrl);
      for (const query of ['', '?token=', '?token=abc', '?token=a&token=b']) {
        expect(await visitor.get(`/public/tmp${query}`)).toMatchObject({ status: 400, body: { message: tokenMessages.prefillMalformed } });
      }
      expect(await visitor.get(`/public/tmp?token=${randomToken()}`)).toMatchObject({ status: 404, body: { message: tokenMessages.prefillUnknown } });
      const expired = randomToken();
      await server.store.accessTokens.createPrefillToken({
        token_hash: hashSecret('prefill-token', expired),
        answers: { first_name: 'Ada' },
        expires_at: Date.now() - 1000,
        created_by: 'command',
        created_at: Date.now() - DAY_MS,
      });
      expect(await visitor.get(`/public/tmp?token=${expired}`)).toMatchObject({ status: 410, body: { message: tokenMessages.prefillExpired } });
      // A prefill token is not a service token, nor the other way round.
      const service = await serviceToken();
      expect((await visitor.get(`/public/tmp?token=${service}`)).status).toBe(404);
    });
  });
});

describe('service-token and prefill commands', { timeout: 120_000 }, () => {
  let dataDir: string;
  const username = 'command.applicant@example.edu';

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-tokens-'));
    const store = await openStore({ databaseUrl: null, dataDir, sealer: dataDirSealer(dataDir) });
    try {
      const now = Date.now();
      await store.accounts.create({ id: 'acct-command', username, password_hash: 'x', confirmed_at: now, created_at: now, updated_at: now });
      await store.answers.merge('acct-command', { first_name: 'Ada' }, 'applicant', now);
    } finally {
      await store.close();
    }
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  async function command(script: string, ...args: string[]) {
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: 'https://apply.example.edu', LOG_LEVEL: 'silent' };
    try {
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], { cwd: repoRoot, env });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  async function withService<T>(work: (tokens: ReturnType<typeof createAccessTokenService>) => Promise<T>): Promise<T> {
    const store = await openStore({ databaseUrl: null, dataDir, sealer: dataDirSealer(dataDir) });
    try {
      return await work(createAccessTokenService({ store, objects: null as never, clock: Date.now, publicUrl: 'https://apply.example.edu' }));
    } finally {
      await store.close();
    }
  }

  it('service-token prints a working link and its expiry; unknown applicants and bad arguments fail clearly', async () => {
    const minted = await command('service-token', username, '--days', '3');
    expect(minted.code).toBe(0);
    const [link, expiry] = minted.stdout.trim().split('\n');
    expect(link).toMatch(/^https:\/\/apply\.example\.edu\/\?service_token=[A-Za-z0-9_-]{43}$/);
    expect(expiry).toMatch(/^Expires: \d{4}-\d{2}-\d{2}T/);
    expect(Math.abs(Date.parse(expiry!.slice('Expires: '.length, 'Expires: '.length + 24)) - (Date.now() + 3 * DAY_MS))).toBeLessThan(60_000);
    const token = new URL(link!).searchParams.get('service_token')!;
    const application = await withService((tokens) => tokens.serviceApplication(token));
    expect(application.answer).toEqual({ first_name: 'Ada' });
    // The access log names who minted it at every view: the operating-system account that ran the command.
    const store = await openStore({ databaseUrl: null, dataDir, sealer: dataDirSealer(dataDir) });
    try {
      expect((await store.accessTokens.findServiceToken(hashSecret('service-token', token)))?.created_by).toBe(`command:${os.userInfo().username}`);
    } finally {
      await store.close();
    }

    const unknown = await command('service-token', 'nobody@example.edu');
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toContain(tokenMessages.unknownApplicant);
    for (const args of [[], [username, '--days', '0'], [username, '--days', 'seven'], [username, '--days', '31'], [username, '--ttl', '3'], [username, 'extra@example.edu']]) {
      const usage = await command('service-token', ...args);
      expect(usage.code, args.join(' ')).toBe(2);
      expect(usage.stderr).toContain('Usage: npm run service-token');
    }
  });

  it('prefill prints a working link; refused answers are named and no link is made', async () => {
    const good = path.join(dataDir, 'answers.json');
    fs.writeFileSync(good, JSON.stringify({ first_name: 'Grace', last_name: 'Hopper' }));
    const minted = await command('prefill', good);
    expect(minted.code).toBe(0);
    const link = minted.stdout.trim().split('\n')[0]!;
    expect(link).toMatch(/^https:\/\/apply\.example\.edu\/about\?token=[A-Za-z0-9_-]{43}$/);
    const prefill = await withService((tokens) => tokens.prefill(new URL(link).searchParams.get('token')));
    expect(prefill).toEqual({ answer: { first_name: 'Grace', last_name: 'Hopper' } });

    const bad = path.join(dataDir, 'bad.json');
    fs.writeFileSync(bad, JSON.stringify({ first_name: 'Grace', shoe_size: '9' }));
    const refused = await command('prefill', bad, '--days=5');
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(refused.stderr).toContain(tokenMessages.refusedAnswers);
    expect(refused.stderr).toContain('shoe_size: This question is not part of the application.');

    const notJson = path.join(dataDir, 'not.json');
    fs.writeFileSync(notJson, 'first_name=Grace');
    expect((await command('prefill', notJson)).code).toBe(2);
    expect((await command('prefill', path.join(dataDir, 'missing.json'))).code).toBe(2);
    expect((await command('prefill', good, '--days', '91')).code).toBe(2);
  });
});
