import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../common/auth/card-schemas';
import { accountMessages } from '../../backend/auth/account-messages';
import { MAX_CODE_ATTEMPTS } from '../../backend/auth/account-service';
import { GOOD_PASSWORD, OTHER_PASSWORD, uniqueEmail } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { latestCode, mailTo } from '../../scripts/support/mail';
import { startTestServer, type TestServer } from './support/test-server';

describe.each(dialects)('sign-up and confirmation on %s', (dialect) => {
  let server: TestServer;
  let client: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    client = new ApiClient(server.baseUrl);
  });
  afterAll(() => server.close());

  it('creates an unconfirmed account, mails a 6-digit code and stores only its hash', async () => {
    const username = uniqueEmail('Mixed.Case');
    const response = await client.post('/public/signup', { username, password: GOOD_PASSWORD });
    expect(response.status).toBe(201);
    expect(response.body.message).toContain(username.toLowerCase());

    const account = await server.store.accounts.findByUsername(username.toLowerCase());
    expect(account?.confirmed_at).toBeNull();
    expect(account?.password_hash).toMatch(/^scrypt\$/);
    expect(account?.password_hash).not.toContain(GOOD_PASSWORD);

    const code = latestCode(await server.outbox(), username.toLowerCase());
    const stored = await server.store.secrets.findConfirmationCode(account!.id);
    expect(stored?.code_hash).toBeDefined();
    expect(stored?.code_hash).not.toContain(code);
  });

  it('refuses a duplicate sign-up, whatever the case of the address, and keeps the first password', async () => {
    const username = uniqueEmail();
    await client.post('/public/signup', { username, password: GOOD_PASSWORD });
    const before = await server.store.accounts.findByUsername(username);

    const again = await client.post('/public/signup', { username: `  ${username.toUpperCase()} `, password: OTHER_PASSWORD });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(accountMessages.usernameAwaitingConfirmation);
    expect((await server.store.accounts.findByUsername(username))?.password_hash).toBe(before?.password_hash);

    await client.post('/public/confirm', { username, code: latestCode(await server.outbox(), username) });
    const afterConfirm = await client.post('/public/signup', { username, password: OTHER_PASSWORD });
    expect(afterConfirm.status).toBe(409);
    expect(afterConfirm.body.message).toBe(accountMessages.usernameTaken);
  });

  it('refuses short or weak passwords and bad addresses with every message, creating nothing', async () => {
    const username = uniqueEmail();
    const weak = await client.post('/public/signup', { username, password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toEqual({
      password: [
        'Your password must be at least 12 characters long.',
        'Your password must contain an uppercase letter.',
        'Your password must contain a number.',
        'Your password must contain a special character.',
      ],
    });
    const spaced = await client.post('/public/signup', { username, password: ' Correct-Horse-42' });
    expect(spaced.body.errors).toEqual({ password: ['Your password must not start or end with a space.'] });

    const badEmail = await client.post('/public/signup', { username: 'not-an-address', password: GOOD_PASSWORD });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body).toEqual({ message: authMessages.emailInvalid, errors: { username: [authMessages.emailInvalid] } });

    const wrongTypes = await client.post('/public/signup', { username: 42, password: ['x'] });
    expect(wrongTypes.status).toBe(400);
    expect(await server.store.accounts.findByUsername(username)).toBeUndefined();
    expect(mailTo(await server.outbox(), username)).toHaveLength(0);
  });

  it('confirms with the mailed code and logs the applicant in; the code works once; login works', async () => {
    const username = uniqueEmail();
    const browser = new ApiClient(server.baseUrl);
    await browser.post('/public/signup', { username, password: GOOD_PASSWORD });
    const login = await browser.post('/public/login', { username, password: GOOD_PASSWORD });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe(accountMessages.notConfirmed);
    expect((await browser.get('/api/profile')).status).toBe(401);

    const code = latestCode(await server.outbox(), username);
    const confirm = await browser.post('/public/confirm', { username, code });
    expect(confirm).toMatchObject({ status: 200, body: { message: accountMessages.confirmed } });
    // No second entry of the password: the confirming browser has a session.
    const profile = await browser.get('/api/profile');
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ username });
    const account = await server.store.accounts.findByUsername(username);
    expect(await server.store.accounts.listLogins(account!.id)).toHaveLength(1);

    // The code is single-use: the same code again (another browser) is refused and opens no session.
    const other = new ApiClient(server.baseUrl);
    const again = await other.post('/public/confirm', { username, code });
    expect(again).toMatchObject({ status: 400, body: { message: accountMessages.codeIncorrect } });
    expect((await other.get('/api/profile')).status).toBe(401);
    expect((await other.post('/public/login', { username, password: GOOD_PASSWORD })).status).toBe(200);
  });

  it('opens one session when the same code is sent twice at once', async () => {
    const username = uniqueEmail('twice');
    await client.post('/public/signup', { username, password: GOOD_PASSWORD });
    const code = latestCode(await server.outbox(), username);
    const browsers = [new ApiClient(server.baseUrl), new ApiClient(server.baseUrl)];
    const answers = await Promise.all(browsers.map((browser) => browser.post('/public/confirm', { username, code })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const profiles = await Promise.all(browsers.map((browser) => browser.get('/api/profile')));
    expect(profiles.map((profile) => profile.status).sort()).toEqual([200, 401]);
  });

  it('refuses a wrong code, counts the attempt and leaves the account unconfirmed', async () => {
    const username = uniqueEmail();
    await client.post('/public/signup', { username, password: GOOD_PASSWORD });
    const code = latestCode(await server.outbox(), username);
    const wrong = code === '000000' ? '111111' : '000000';

    const response = await client.post('/public/confirm', { username, code: wrong });
    expect(response).toMatchObject({ status: 400, body: { message: accountMessages.codeIncorrect } });
    const account = await server.store.accounts.findByUsername(username);
    expect(account?.confirmed_at).toBeNull();
    expect((await server.store.secrets.findConfirmationCode(account!.id))?.attempts).toBe(1);
  });

  it('refuses a malformed code with the card message', async () => {
    const response = await client.post('/public/confirm', { username: uniqueEmail(), code: '12a45' });
    expect(response).toMatchObject({ status: 400, body: { message: authMessages.codeInvalid } });
  });

  it('answers an unknown user exactly as a wrong code, revealing nothing', async () => {
    const response = await client.post('/public/confirm', { username: uniqueEmail('nobody'), code: '123456' });
    expect(response).toMatchObject({ status: 400, body: { message: accountMessages.codeIncorrect } });
  });

  it('refuses an expired code even when it is right, and a resent code works', async () => {
    const username = uniqueEmail();
    await client.post('/public/signup', { username, password: GOOD_PASSWORD });
    const code = latestCode(await server.outbox(), username);
    server.advance(server.config.confirmCodeTtlMinutes * 60_000 + 1);
    try {
      const expired = await client.post('/public/confirm', { username, code });
      expect(expired).toMatchObject({ status: 400, body: { message: accountMessages.codeExpired } });
      expect((await server.store.accounts.findByUsername(username))?.confirmed_at).toBeNull();

      const resend = await client.post('/public/resend-confirm', { username });
      expect(resend).toMatchObject({ status: 200, body: { message: accountMessages.codeResent } });
      const fresh = latestCode(await server.outbox(), username);
      expect(mailTo(await server.outbox(), username)).toHaveLength(2);
      expect((await client.post('/public/confirm', { username, code: fresh })).status).toBe(200);
    } finally {
      server.advance(-(server.config.confirmCodeTtlMinutes * 60_000 + 1));
    }
  });

  it(`stops after ${MAX_CODE_ATTEMPTS} wrong codes, even for the right one, until a new code is sent`, async () => {
    const username = uniqueEmail();
    await client.post('/public/signup', { username, password: GOOD_PASSWORD });
    const code = latestCode(await server.outbox(), username);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let attempt = 1; attempt < MAX_CODE_ATTEMPTS; attempt += 1) {
      expect((await client.post('/public/confirm', { username, code: wrong })).status).toBe(400);
    }
    const last = await client.post('/public/confirm', { username, code: wrong });
    expect(last).toMatchObject({ status: 429, body: { message: accountMessages.codeAttemptsExhausted } });
    const right = await client.post('/public/confirm', { username, code });
    expect(right).toMatchObject({ status: 429, body: { message: accountMessages.codeAttemptsExhausted } });
    expect((await server.store.accounts.findByUsername(username))?.confirmed_at).toBeNull();

    await client.post('/public/resend-confirm', { username });
    expect((await client.post('/public/confirm', { username, code: latestCode(await server.outbox(), username) })).status).toBe(200);
  });

  it('answers resend for unknown or confirmed accounts the same way, sending nothing', async () => {
    const unknown = uniqueEmail('ghost');
    const response = await client.post('/public/resend-confirm', { username: unknown });
    expect(response).toMatchObject({ status: 200, body: { message: accountMessages.codeResent } });
    expect(mailTo(await server.outbox(), unknown)).toHaveLength(0);

    const bad = await client.post('/public/resend-confirm', { username: 'nope' });
    expect(bad).toMatchObject({ status: 400, body: { message: authMessages.resendEmailInvalid } });
  });
});
