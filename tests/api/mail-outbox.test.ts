import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { apiPaths } from '../../common/api';
import { accountMessages } from '../../backend/auth/account-messages';
import { HOUR_MS } from '../../backend/platform/clock';
import { purgeExpired } from '../../backend/housekeeping/housekeeping';
import { createLogger } from '../../backend/platform/log';
import type { RetrySchedule } from '../../backend/mail/retry-schedule';
import { REPLACED_MAIL_ERROR } from '../../backend/mail/mail-sender';
import { GOOD_PASSWORD, uniqueEmail } from '../../scripts/support/accounts';
import { createProcessStore, freePort, startBackendProcess, type BackendProcess, type ProcessStore } from '../../scripts/support/backend-process';
import { createTestDatabase, dialects, type TestDatabase } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { logCapture } from './support/log-capture';
import { startInstance } from './support/shared-database-server';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from './support/smtp-server';
import { startTestServer, type TestServer } from './support/test-server';
import { until } from './support/until';

/** Short waits, so a test sees several attempts in a second or two. */
const quickRetries: RetrySchedule = { firstDelayMs: 100, maxDelayMs: 400, maxAttempts: 100 };

const mailTo = (received: ReceivedMail[], address: string) => received.filter((mail) => mail.to.includes(address));
const codeIn = (mail: ReceivedMail) => mail.text.match(/confirmation code is: (\d{6})/)![1]!;

describe.each(dialects)('the mail outbox on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function server(options: Parameters<typeof startTestServer>[1]): Promise<TestServer> {
    const started = await startTestServer(dialect, options);
    cleanups.push(() => started.close());
    return started;
  }
  async function smtp(options: Parameters<typeof startSmtpServer>[0] = {}): Promise<TestSmtpServer> {
    const started = await startSmtpServer(options);
    cleanups.push(() => started.close());
    return started;
  }

  it('answers sign-up, resend and forgot-password alike with the mail server down, and delivers the code once it is back', async () => {
    const smtpPort = await freePort();
    const up = await smtp({ port: smtpPort });
    const app = await server({ env: { SMTP_URL: up.url }, mail: { retry: quickRetries } });
    const client = new ApiClient(app.baseUrl);
    const calls = async (username: string) => ({
      signup: await client.post(apiPaths.signup, { username, password: GOOD_PASSWORD }),
      resend: await client.post(apiPaths.resendConfirm, { username }),
      forgot: await client.post(apiPaths.forgotPassword, { username }),
    });

    const early = uniqueEmail('early');
    const withServerUp = await calls(early);
    // With the server up the sign-up's code may be sent before the resend, or replaced by it unsent.
    const settled = async (username: string) => (await app.store.mailOutbox.listFor(username)).every((row) => row.status === 'SENT' || row.status === 'FAILED');
    await until('the mails of the sign-up with the server up', async () => ((await settled(early)) && mailTo(up.received, early).length >= 2 ? true : undefined));
    await up.close();

    const late = uniqueEmail('late');
    const withServerDown = await calls(late);
    for (const call of ['signup', 'resend', 'forgot'] as const) {
      expect(withServerDown[call].status).toBe(withServerUp[call].status);
      expect(JSON.stringify(withServerDown[call].body)).toBe(JSON.stringify(withServerUp[call].body).replaceAll(early, late));
    }
    expect(withServerDown.signup).toMatchObject({ status: 201, body: { message: accountMessages.signedUp(late) } });

    // Nothing is lost meanwhile: the mails wait in the outbox and are tried again; the sign-up's
    // code, which the resend's replaced, is given up unsent (its body blanked) at its next claim.
    const waiting = await until('a second attempt while the server is down', async () => {
      const rows = await app.store.mailOutbox.listFor(late);
      const [signupCode, ...current] = rows;
      return rows.length === 3 && signupCode!.status === 'FAILED' && current.every((row) => row.status !== 'SENT' && row.attempts >= 2) ? rows : undefined;
    });
    expect(waiting[0]).toMatchObject({ last_error: REPLACED_MAIL_ERROR, body: '' });
    expect(waiting.slice(1).every((row) => row.last_error && row.body.length > 0)).toBe(true);

    const back = await smtp({ port: smtpPort });
    const mails = await until('the mails after the server came back', async () => ((await settled(late)) && mailTo(back.received, late).length === 2 ? mailTo(back.received, late) : undefined));
    // Only the resend's code arrives: the sign-up's, which no longer works, was replaced unsent, so the
    // code the applicant finds last is never an old one (it could come back last from its retries).
    const codes = mails.filter((mail) => mail.text.includes('confirmation code is')).map(codeIn);
    expect(codes).toHaveLength(1);
    const replaced = (await app.store.mailOutbox.listFor(late)).filter((row) => row.status === 'FAILED');
    expect(replaced.map((row) => [row.last_error, row.body])).toEqual([[REPLACED_MAIL_ERROR, '']]);
    const confirm = await client.post(apiPaths.confirm, { username: late, code: codes[0] });
    expect(confirm).toMatchObject({ status: 200, body: { message: accountMessages.confirmed } });
    expect((await client.post(apiPaths.login, { username: late, password: GOOD_PASSWORD })).status).toBe(200);

    // Sent mails keep no secret: the body is blanked, the row says when it left.
    const sent = await app.store.mailOutbox.listFor(late);
    expect(sent.filter((row) => row.status === 'SENT').map((row) => [row.body, typeof row.sent_at])).toEqual(Array(2).fill(['', 'number']));
  });

  it('tries a mail refused with 4xx and 5xx replies again, waiting longer each time, and sends it once', async () => {
    const refusals = [451, 421, 554];
    const mailServer = await smtp({ reply: (offer) => refusals[offer] ?? null });
    const retry: RetrySchedule = { firstDelayMs: 200, maxDelayMs: 10_000, maxAttempts: 10 };
    const app = await server({ env: { SMTP_URL: mailServer.url }, mail: { retry } });
    const username = uniqueEmail('refused');
    expect((await new ApiClient(app.baseUrl).post(apiPaths.signup, { username, password: GOOD_PASSWORD })).status).toBe(201);

    await until('the mail accepted', () => (mailServer.received.length === 1 ? true : undefined));
    expect(mailServer.offeredAt).toHaveLength(4);
    const waits = mailServer.offeredAt.slice(1).map((at, index) => at - mailServer.offeredAt[index]!);
    // 200, 400 and 800 ms (the sender polls every 20 ms, so each wait may run a little longer).
    waits.forEach((wait, index) => expect(wait).toBeGreaterThanOrEqual(retry.firstDelayMs * 2 ** index - 5));
    expect(waits[2]!).toBeGreaterThan(waits[1]!);
    expect(waits[1]!).toBeGreaterThan(waits[0]!);

    // The server has the message a moment before the sender hears its 250 and marks the row.
    const [row] = await until('the mail marked sent', async () => {
      const rows = await app.store.mailOutbox.listFor(username);
      return rows[0]?.status === 'SENDING' ? undefined : rows;
    });
    expect(row).toMatchObject({ status: 'SENT', attempts: 4, body: '' });
    expect(row!.last_error).toContain('554');
    // Sent once: nothing more arrives afterwards.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailServer.received).toHaveLength(1);
  });

  it('gives a mail up after its last attempt with an error in the log, and blanks it', async () => {
    const mailServer = await smtp({ reply: () => 550 });
    const log = logCapture();
    const app = await server({ env: { SMTP_URL: mailServer.url }, mail: { retry: { firstDelayMs: 50, maxDelayMs: 50, maxAttempts: 3 } }, logDestination: log.stream });
    const username = uniqueEmail('bounced');
    expect((await new ApiClient(app.baseUrl).post(apiPaths.signup, { username, password: GOOD_PASSWORD })).status).toBe(201);

    const [row] = await until('the mail given up', async () => {
      const rows = await app.store.mailOutbox.listFor(username);
      return rows[0]?.status === 'FAILED' ? rows : undefined;
    });
    expect(row).toMatchObject({ status: 'FAILED', attempts: 3, body: '', sent_at: null });
    expect(row!.last_error).toContain('550');
    expect(mailServer.offeredAt).toHaveLength(3);
    const errors = log.entries().filter((entry) => entry.level === 50);
    expect(errors).toEqual([expect.objectContaining({ msg: 'mail given up after 3 attempts', mail: row!.id })]);
    // Nothing in the log carries the code.
    expect(log.lines.join('')).not.toMatch(/confirmation code is/);
  });

  it('hands a mail claimed longer ago than the lease to another sender; the first one can no longer finish it', async () => {
    const app = await server({ mail: false });
    const recipient = uniqueEmail('lease');
    await app.store.mailOutbox.enqueue({ recipient, subject: 'Lease test', body: 'secret' }, 1_000);
    const first = await app.store.mailOutbox.claim('sender-a', 2_000, 60_000);
    expect(first).toMatchObject({ recipient, claimed_by: 'sender-a', attempts: 1 });
    expect(await app.store.mailOutbox.claim('sender-b', 2_000 + 60_000, 60_000)).toBeNull();
    const second = await app.store.mailOutbox.claim('sender-b', 2_000 + 60_001, 60_000);
    expect(second).toMatchObject({ id: first!.id, claimed_by: 'sender-b', attempts: 2 });
    expect(await app.store.mailOutbox.markSent(first!, 70_000)).toBe(false);
    expect(await app.store.mailOutbox.markSent(second!, 70_000)).toBe(true);
    expect(await app.store.mailOutbox.listFor(recipient)).toMatchObject([{ status: 'SENT', body: '', sent_at: 70_000 }]);
  });

  it('housekeeping deletes finished mails a week after they finished and keeps the unsent ones', async () => {
    const app = await server({ mail: false });
    const recipient = uniqueEmail('kept');
    const now = app.clock();
    for (const subject of ['to send', 'sent', 'given up']) await app.store.mailOutbox.enqueue({ recipient, subject, body: 'secret' }, now);
    const sent = (await app.store.mailOutbox.claim('sender', now, 60_000))!;
    await app.store.mailOutbox.markSent(sent, now);
    const failed = (await app.store.mailOutbox.claim('sender', now, 60_000))!;
    await app.store.mailOutbox.giveUp(failed, '550 no such mailbox', now);
    await app.store.mailOutbox.recordSkipped(now);
    const purge = () => purgeExpired({ store: app.store, objects: app.objects, config: app.config, clock: app.clock, logger: createLogger('silent') });

    app.advance(7 * 24 * HOUR_MS - 60_000);
    await purge();
    expect(await app.store.mailOutbox.listFor(recipient)).toHaveLength(3);
    expect(await app.store.mailOutbox.listFor('')).toHaveLength(1);
    app.advance(2 * 60_000);
    await purge();
    expect((await app.store.mailOutbox.listFor(recipient)).map((row) => row.status)).toEqual(['PENDING']);
    expect(await app.store.mailOutbox.listFor('')).toHaveLength(0);
  });

  it('writes no mail and no secret when the sign-up is refused, and the skipped rows of unknown addresses never leave', async () => {
    const mailServer = await smtp();
    const app = await server({ env: { SMTP_URL: mailServer.url }, mail: { retry: quickRetries } });
    const client = new ApiClient(app.baseUrl);
    const username = uniqueEmail('twice');
    expect((await client.post(apiPaths.signup, { username, password: GOOD_PASSWORD })).status).toBe(201);
    expect((await client.post(apiPaths.signup, { username, password: GOOD_PASSWORD })).status).toBe(409);
    for (let i = 0; i < 3; i += 1) expect((await client.post(apiPaths.forgotPassword, { username: uniqueEmail('nobody') })).status).toBe(200);
    await app.outbox();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailServer.received.map((mail) => mail.to)).toEqual([[username]]);
    expect(await app.store.mailOutbox.countUnsent()).toBe(0);
    expect(await app.store.mailOutbox.listFor(username)).toHaveLength(1);
  });
});

describe('two instances on one PostgreSQL', () => {
  let database: TestDatabase;
  afterAll(() => database?.drop());

  it('send each mail exactly once, whichever instance recorded it', async () => {
    database = await createTestDatabase('postgres');
    // The mail server is down while the mails are recorded, so both senders find them all due at once.
    const smtpPort = await freePort();
    const sentBy = [0, 0];
    const instances = await Promise.all(
      [0, 1].map((index) =>
        startInstance(database, {
          workerId: `instance-${index}`,
          env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
          mail: { retry: { firstDelayMs: 300, maxDelayMs: 300, maxAttempts: 100 }, onMail: (outcome) => void (outcome === 'sent' && (sentBy[index]! += 1)) },
        }),
      ),
    );
    let mailServer: TestSmtpServer | null = null;
    try {
      const usernames = Array.from({ length: 30 }, (_, index) => `${randomUUID()}.${index}@example.edu`);
      for (const [index, username] of usernames.entries()) {
        const client = new ApiClient(instances[index % 2]!.baseUrl);
        expect((await client.post(apiPaths.signup, { username, password: GOOD_PASSWORD })).status).toBe(201);
      }
      mailServer = await startSmtpServer({ port: smtpPort });
      const server = mailServer;
      await until('every mail', () => (server.received.length >= usernames.length ? true : undefined), 30_000);
      // Late duplicates would arrive within a poll or two.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(server.received.map((mail) => mail.to).flat().sort()).toEqual([...usernames].sort());
      expect(await instances[0]!.store.mailOutbox.countUnsent()).toBe(0);
      // Both senders took part: the race the leases settle did happen.
      expect(sentBy[0]).toBeGreaterThan(0);
      expect(sentBy[1]).toBeGreaterThan(0);
      expect(sentBy[0]! + sentBy[1]!).toBe(usernames.length);
    } finally {
      await mailServer?.close();
      for (const instance of instances) await instance.close();
    }
  }, 120_000);
});

describe('the entry point (backend/main.ts)', () => {
  let store: ProcessStore;
  const processes: BackendProcess[] = [];
  const smtpServers: TestSmtpServer[] = [];
  afterAll(async () => {
    for (const started of processes) await started.kill();
    for (const started of smtpServers) await started.close();
    await store?.drop();
  });

  it('sends the code of a sign-up made while the mail server was down once it is back, on its default schedule', async () => {
    store = await createProcessStore('sqlite');
    const smtpPort = await freePort();
    const backend = await startBackendProcess(store, await freePort(), 30_000, { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
    processes.push(backend);
    const client = new ApiClient(backend.baseUrl);
    const username = uniqueEmail('entry');
    expect(await client.post(apiPaths.signup, { username, password: GOOD_PASSWORD })).toMatchObject({ status: 201, body: { message: accountMessages.signedUp(username) } });

    // The first attempt failed at once; the next comes 5 s later (defaultRetrySchedule).
    const mailServer = await startSmtpServer({ port: smtpPort });
    smtpServers.push(mailServer);
    const [mail] = await until('the code', () => (mailTo(mailServer.received, username).length > 0 ? mailTo(mailServer.received, username) : undefined), 20_000);
    expect((await client.post(apiPaths.confirm, { username, code: codeIn(mail!) })).status).toBe(200);
    await backend.kill();
  });

  it('a web instance records the mail and a worker instance sends it (ROLE=web and ROLE=worker)', async () => {
    const mailServer = await startSmtpServer();
    smtpServers.push(mailServer);
    const env = { SMTP_URL: mailServer.url };
    const web = await startBackendProcess(store, await freePort(), 30_000, { ...env, ROLE: 'web' });
    processes.push(web);
    const username = uniqueEmail('split');
    expect((await new ApiClient(web.baseUrl).post(apiPaths.signup, { username, password: GOOD_PASSWORD })).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(mailTo(mailServer.received, username)).toHaveLength(0);

    processes.push(await startBackendProcess(store, await freePort(), 30_000, { ...env, ROLE: 'worker' }));
    await until('the mail sent by the worker', () => (mailTo(mailServer.received, username).length === 1 ? true : undefined), 20_000);
  }, 90_000);
});
