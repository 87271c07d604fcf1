// The topology of the README's Deployment section, run for real: nginx with docs/deploy/nginx.conf
// in front of two web instances (ROLE=web, TRUST_PROXY=1) and a worker (ROLE=worker), all the
// compiled backend, on a fresh PostgreSQL database migrated by the release step (`npm run
// migrate`), with S3-compatible storage (s3rver) and an SMTP server. An applicant's whole journey
// goes through nginx, and one web instance is killed with SIGKILL in the middle of a stream of saves.
// First, a service link, a reset link and a staff invitation are opened through nginx, and none of
// their secrets may appear in nginx's logs or the instances' (issue 24).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, type Answers, type ConversionStatusResponse, type ProfileResponse } from '../../common/api';
import { RECOMMEND_PAGE_PREFIX, recommendLink, recommendationPaths } from '../../common/recommendation-api';
import { LOGGED_SECRET } from '../../common/secret-paths';
import { staffPaths } from '../../common/staff-api';
import { SERVICE_TOKEN_PARAM, tokenPaths, type MintedTokenResponse } from '../../common/token-api';
import { institutionToday } from '../../common/form/calendar-day';
import { completeApplication } from '../../scripts/support/complete-application';
import { buildPdf } from '../../scripts/support/documents';
import { decodeMailBody, latestCode, latestResetLink, mailTo } from '../../scripts/support/mail';
import { GOOD_PASSWORD, OTHER_PASSWORD, uniqueEmail } from '../../scripts/support/accounts';
import { BACKEND_COMPILED, createProcessStore, freePort, startBackendProcess, type BackendProcess, type ProcessStore } from '../../scripts/support/backend-process';
import { ApiClient } from '../../scripts/support/http-client';
import { startNginx, type Nginx } from './support/nginx';
import { startS3rver, type TestS3 } from '../../scripts/support/s3rver';
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server';
import { convertThroughApi } from '../../scripts/support/uploads';
import { sealingKeysSetting } from '../../backend/security/sealing-keys';
import { randomToken } from '../../backend/security/secrets';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** Every wait of the test is bounded; the whole of it stays under three minutes. */
const SETUP_MS = 90_000;
const JOURNEY_MS = 75_000;
const SECRETS_MS = 60_000;
/** The admin endpoint's key on the web instances (it mints the service link below). */
const ADMIN_API_KEY = 'topology-admin-key-0123456789abcdef';

/** Curriculum and Instruction asks for a teaching certificate: an upload the worker converts. Dated on the institution's day. */
const ANSWERS: Answers = { ...completeApplication(institutionToday()), applied_major: 'MEDCI' };
const DOCUMENT_KEY = 'teacher_upload';
/** Text answers always asked of this applicant, saved again and again: a draft each round, then the final value. */
const STREAMED: Answers = {
  first_name: ANSWERS.first_name!,
  middle_name: 'Augusta',
  last_name: ANSWERS.last_name!,
  address_line_1: ANSWERS.address_line_1!,
  city: ANSWERS.city!,
  emergency_contact_first_name: ANSWERS.emergency_contact_first_name!,
  emergency_contact_last_name: ANSWERS.emergency_contact_last_name!,
  college_major: ANSWERS.college_major!,
  completion_signature: ANSWERS.completion_signature!,
};
const STREAMS = 3;
const ROUNDS = 8;
const SAVES = Object.keys(STREAMED).length * ROUNDS;
/** The web instance dies when this many saves have been answered 200: half way. */
const KILL_AFTER = SAVES / 2;

async function waitFor<T>(what: string, attempt: () => T | Promise<T>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms (${(error as Error).message})`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** One parsed line of the access log (the example's `gradapp` format). */
interface AccessLine {
  request: string;
  status: number;
  requestId: string;
  upstreams: string[];
  upstreamStatuses: string[];
}

function parseAccessLine(line: string): AccessLine {
  const match = /"([^"]*)" (\d{3}) \d+ rid=(\S+) upstream=(.*?) upstream_status=(.*?) rt=/.exec(line);
  if (!match) throw new Error(`an access log line not in the example's format: ${line}`);
  return { request: match[1]!, status: Number(match[2]), requestId: match[3]!, upstreams: match[4]!.split(', '), upstreamStatuses: match[5]!.split(', ') };
}

describe('the deployed topology: nginx, two web instances and a worker on PostgreSQL, S3 and SMTP', () => {
  let store: ProcessStore;
  let s3: TestS3;
  let smtp: TestSmtpServer;
  let nginx: Nginx;
  const webs: BackendProcess[] = [];
  let worker: BackendProcess;

  beforeAll(async () => {
    [store, s3, smtp] = await Promise.all([createProcessStore('postgres', { empty: true }), startS3rver('gradapp-topology'), startSmtpServer()]);
    const nginxPort = await freePort();
    const shared = {
      NODE_ENV: 'production',
      DATABASE_URL: store.databaseUrl!,
      DATA_DIR: store.dataDir,
      SEALING_KEYS: sealingKeysSetting(store.dataDir),
      MIGRATE_ON_START: 'false',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Graduate Admissions <admissions@example.edu>',
      SHUTDOWN_GRACE_MS: '2000',
      ...s3.env,
    };
    // The release step: `npm run migrate` compiles the backend if its sources changed, then migrates.
    const migrated = await run(process.execPath, ['build/start.mjs', 'migrate'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...shared },
      timeout: SETUP_MS / 2,
    });
    expect(migrated.stdout).toMatch(/migrate: applied \d+ migration\(s\) to the postgres database/);

    const web = { ...shared, ROLE: 'web', TRUST_PROXY: '1', LOG_LEVEL: 'info', PUBLIC_URL: `http://127.0.0.1:${nginxPort}`, ADMIN_API_KEY };
    const [first, second, jobs] = await Promise.all([
      startBackendProcess(store, await freePort(), SETUP_MS / 2, web, BACKEND_COMPILED),
      startBackendProcess(store, await freePort(), SETUP_MS / 2, web, BACKEND_COMPILED),
      startBackendProcess(store, await freePort(), SETUP_MS / 2, { ...shared, ROLE: 'worker', LOG_LEVEL: 'debug' }, BACKEND_COMPILED),
    ]);
    webs.push(first, second);
    worker = jobs;
    const address = (instance: BackendProcess) => new URL(instance.baseUrl).host;
    nginx = await startNginx(
      [
        ['127.0.0.1:8081', address(first)],
        ['127.0.0.1:8082', address(second)],
      ],
      { port: nginxPort },
    );
  }, SETUP_MS);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all([...webs, worker].filter(Boolean).map((instance) => instance.kill()));
    await Promise.all([s3?.close(), smtp?.close()]);
    await store?.drop();
  });

  /** What the browser does with a save: PUT /api/answer, and again when the proxy answered 502, 503 or 504. */
  async function save(client: ApiClient, patch: Answers): Promise<number[]> {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await fetch(`${nginx.baseUrl}${apiPaths.answer}`, {
        method: 'PUT',
        headers: { origin: nginx.baseUrl, 'content-type': 'application/json', cookie: client.cookieHeader() },
        body: JSON.stringify(patch),
        signal: AbortSignal.timeout(15_000),
      });
      await response.arrayBuffer();
      statuses.push(response.status);
      if (![502, 503, 504].includes(response.status)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return statuses;
  }

  it("writes no secret of a service link, a reset link, a staff invitation or a recommender's link into any log, and their pages send no referrer", async () => {
    const client = new ApiClient(nginx.baseUrl);
    const username = uniqueEmail('secrets');
    expect((await client.post('/public/signup', { username, password: GOOD_PASSWORD })).status).toBe(201);
    const code = await waitFor('the confirmation code over SMTP', () => latestCode(smtp.received.map((mail) => mail.raw), username));
    expect((await client.post('/public/confirm', { username, code })).status).toBe(200);
    const mails = () => smtp.received.map((mail) => mail.raw);
    /** Opens a page of the renderer as a browser does from a link: its answer must tell the browser to send no Referer onwards. */
    const openPage = async (url: string) => {
      const page = await fetch(url, { signal: AbortSignal.timeout(15_000) });
      await page.arrayBuffer();
      expect(page.headers.get('referrer-policy'), url).toBe('no-referrer');
    };

    // A service link, minted by the admin endpoint, opened and its calls made.
    const minted = await client.request<MintedTokenResponse>('POST', tokenPaths.adminServiceTokens, { username }, { authorization: `Bearer ${ADMIN_API_KEY}` });
    expect(minted.status).toBe(201);
    const serviceToken = minted.body.token;
    expect(new URL(minted.body.url).searchParams.get(SERVICE_TOKEN_PARAM)).toBe(serviceToken);
    await openPage(minted.body.url);
    expect((await client.get(`${tokenPaths.serviceApplication}?${SERVICE_TOKEN_PARAM}=${serviceToken}`)).status).toBe(200);

    // A reset link, mailed, opened and used.
    expect((await client.post(apiPaths.forgotPassword, { username })).status).toBe(200);
    const resetLink = await waitFor('the reset link over SMTP', () => latestResetLink(mails(), username));
    const resetId = resetLink.searchParams.get('id')!;
    await openPage(resetLink.href);
    expect((await client.post(apiPaths.resetPassword, { username, id: resetId, password: OTHER_PASSWORD })).status).toBe(200);

    // A staff invitation from the command line, mailed by the worker, opened and read.
    const staffEmail = uniqueEmail('staff-secrets');
    await run(process.execPath, ['--import', 'tsx', 'scripts/staff.ts', 'add', staffEmail, '--role', 'admin'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', DATABASE_URL: store.databaseUrl!, DATA_DIR: store.dataDir, SEALING_KEYS: sealingKeysSetting(store.dataDir), PUBLIC_URL: nginx.baseUrl, LOG_LEVEL: 'info' },
      timeout: SECRETS_MS / 2,
    });
    const invitation = await waitFor('the staff invitation over SMTP', () => {
      const link = decodeMailBody(mailTo(mails(), staffEmail).at(-1) ?? '').match(/https?:\/\/\S+\/staff\/enrol\?\S+/)?.[0];
      if (!link) throw new Error('not mailed yet');
      return new URL(link);
    });
    const invitationId = invitation.searchParams.get('id')!;
    await openPage(invitation.href);
    expect((await client.post(staffPaths.invitation, { id: invitationId })).status).toBe(200);

    // A recommender's link and call hold the token in the path: a token of the kind mailed (unknown
    // to the store; the line is written whatever the answer), the page opened and the letter asked for.
    const recommenderToken = randomToken();
    await openPage(recommendLink(nginx.baseUrl, recommenderToken));
    // Without the applicant's cookies: a recommender's call carrying a session is refused (403) before the token is looked up.
    expect((await new ApiClient(nginx.baseUrl).get(recommendationPaths.recommender.replace(':token', recommenderToken))).status).toBe(404);
    await waitFor('the recommender in the access log', () => expect(nginx.accessLog().join('\n')).toContain(`GET ${recommendationPaths.recommender} `), 5_000);

    // Every request above is in nginx's access log (by its path) before the logs are searched.
    await waitFor('the invitation in the access log', () => expect(nginx.accessLog().join('\n')).toContain(`POST ${staffPaths.invitation} `), 5_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const logs = {
      'nginx access log': nginx.accessLog().join('\n'),
      'nginx error log': nginx.errorLog(),
      ...Object.fromEntries([...webs, worker].flatMap((instance, index) => [[`instance ${index} stdout`, instance.stdout()], [`instance ${index} stderr`, instance.stderr()]])),
    };
    expect(logs['nginx access log']).toMatch(/"GET \/reset[ ?]/);
    expect(logs['nginx access log']).toContain(`GET ${RECOMMEND_PAGE_PREFIX}${LOGGED_SECRET} `);
    for (const [name, secret] of Object.entries({ 'service token': serviceToken, 'reset id': resetId, 'invitation id': invitationId, "recommender's token": recommenderToken })) {
      expect(secret.length, name).toBeGreaterThan(20);
      for (const [where, text] of Object.entries(logs)) {
        expect(text.includes(secret) || text.includes(encodeURIComponent(secret)), `the ${name} in the ${where}`).toBe(false);
      }
    }
  }, SECRETS_MS);

  it("takes an applicant from sign-up to submission through nginx, losing no acknowledged save when a web instance is killed", async () => {
    const client = new ApiClient(nginx.baseUrl);
    const username = uniqueEmail('topology');

    // Sign-up with an X-Forwarded-For of the client's own: the backend counts the address nginx saw.
    expect((await client.request('POST', '/public/signup', { username, password: GOOD_PASSWORD }, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(201);
    const code = await waitFor('the confirmation code over SMTP', () => latestCode(smtp.received.map((mail) => mail.raw), username));
    expect((await client.post('/public/confirm', { username, code })).status).toBe(200);

    // nginx's request id replaces the client's, and the instance that served the request answers and logs it.
    const login = await client.request('POST', '/public/login', { username, password: GOOD_PASSWORD }, { 'x-request-id': 'chosen-by-the-client' });
    expect(login.status).toBe(200);
    const requestId = login.headers.get('x-request-id')!;
    expect(requestId).toMatch(/^[0-9a-f]{32}$/);
    const logged = await waitFor('the login in the access log', () => {
      const line = nginx.accessLog().map(parseAccessLine).find((each) => each.requestId === requestId);
      if (!line) throw new Error('not logged yet');
      return line;
    });
    expect(logged).toMatchObject({ request: 'POST /public/login HTTP/1.1', status: 200 });
    const servedBy = webs.find((instance) => new URL(instance.baseUrl).host === logged.upstreams[0])!;
    // The instance's log line reaches this process through a pipe, a moment after the answer.
    await waitFor('the request id in the log of the instance that served it', () => expect(servedBy.stdout()).toContain(`"requestId":"${requestId}"`), 5_000);

    // The answers, then a stream of saves from three tabs at once; half way through, one web instance dies.
    expect((await client.put(apiPaths.answer, ANSWERS)).status).toBe(200);
    const victim = webs[0]!;
    const survivor = webs[1]!;
    const acknowledged: { key: string; value: string }[] = [];
    const clientRetries: number[][] = [];
    let killed: Promise<void> | null = null;
    const keys = Object.keys(STREAMED);
    const stream = async (mine: string[]) => {
      for (let round = 1; round <= ROUNDS; round += 1) {
        for (const key of mine) {
          const value = round === ROUNDS ? (STREAMED[key] as string) : `draft ${round}`;
          const statuses = await save(client, { [key]: value });
          if (statuses.length > 1) clientRetries.push(statuses);
          expect(statuses.at(-1), `the save of ${key} (round ${round}) answered ${statuses.join(', ')}`).toBe(200);
          acknowledged.push({ key, value });
          if (acknowledged.length === KILL_AFTER) killed = victim.kill();
        }
      }
    };
    await Promise.all(Array.from({ length: STREAMS }, (_, index) => stream(keys.filter((_, position) => position % STREAMS === index))));
    expect(killed, 'the web instance was killed during the saves').not.toBeNull();
    await killed;
    expect(victim.child.signalCode).toBe('SIGKILL');
    expect(acknowledged).toHaveLength(SAVES);

    // The document: presigned POST straight to the bucket, converted by the worker.
    const converted: ConversionStatusResponse = await convertThroughApi(
      { origin: nginx.baseUrl },
      client,
      DOCUMENT_KEY,
      await buildPdf(['A teaching certificate.']),
      'certificate.pdf',
      { timeoutMs: 30_000 },
    );
    expect(converted.status).toBe('COMPLETED');
    await waitFor('the conversion in the worker\'s log', () => expect(worker.stdout()).toMatch(/"loop":"conversions".*"msg":"job done"/), 5_000);

    expect((await client.post('/api/web-status', { web_status: 'started' })).status).toBe(200);
    expect((await client.post('/api/web-status', { web_status: 'validating' })).status).toBe(200);
    const submitted = await client.post('/api/submit', {});
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);

    // Nothing acknowledged is lost: each key holds its last save, and every save answered 200 is in the history.
    const profile = (await client.get<ProfileResponse>(apiPaths.profile)).body;
    expect(profile.answer).toMatchObject({ ...STREAMED, [DOCUMENT_KEY]: 'ANSWERED' });
    expect(profile.web_status.map((entry) => entry.web_status)).toEqual(['started', 'validating', 'submitted']);
    const db = new pg.Client({ connectionString: store.databaseUrl! });
    await db.connect();
    try {
      const history = await db.query<{ answer_key: string; new_value: string | null }>(
        'select answer_key, new_value from answer_history where account_id = (select id from accounts where username = $1)',
        [username],
      );
      const stored = new Set(history.rows.map((row) => `${row.answer_key}=${row.new_value}`));
      expect(acknowledged.filter(({ key, value }) => !stored.has(`${key}=${JSON.stringify(value)}`))).toEqual([]);
      // X-Forwarded-For: the right-most entry, the address nginx saw, and never the one the client wrote.
      const buckets = (await db.query<{ bucket: string }>('select bucket from rate_limits')).rows.map((row) => row.bucket);
      expect(buckets).toContain('signup:address:127.0.0.1');
      expect(buckets.filter((bucket) => bucket.includes('203.0.113.9'))).toEqual([]);
    } finally {
      await db.end();
    }

    // nginx passed at least one request meant for the dead instance on to the other, which answered it.
    const dead = new URL(victim.baseUrl).host;
    const alive = new URL(survivor.baseUrl).host;
    const retried = nginx.accessLog().map(parseAccessLine).filter((line) => line.upstreams.length === 2);
    expect(retried.length, nginx.errorLog()).toBeGreaterThan(0);
    for (const line of retried) expect(line).toMatchObject({ status: 200, upstreams: [dead, alive], upstreamStatuses: ['502', '200'] });
    // Only a save in flight on the instance as it died could come back as 502 for the client to send again.
    expect(clientRetries.length).toBeLessThanOrEqual(STREAMS);
  }, JOURNEY_MS);
});
