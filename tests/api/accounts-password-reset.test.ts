import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '../../backend/auth/account-messages';
import { GOOD_PASSWORD, OTHER_PASSWORD, loggedInApplicant, uniqueEmail } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { latestResetLink, mailTo } from '../../scripts/support/mail';
import { startTestServer, type TestServer } from './support/test-server';

describe.each(dialects)('forgot and reset password on %s', (dialect) => {
  let server: TestServer;
  let client: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    client = new ApiClient(server.baseUrl);
  });
  afterAll(() => server.close());

  async function requestReset(username: string): Promise<{ username: string; id: string }> {
    const response = await client.post('/public/forgot-password', { username });
    expect(response).toMatchObject({ status: 200, body: { message: accountMessages.resetSent } });
    const link = latestResetLink(await server.outbox(), username);
    expect(link.origin + link.pathname).toBe(`${server.baseUrl}/reset`);
    return { username: link.searchParams.get('username')!, id: link.searchParams.get('id')! };
  }

  it('mails a reset link; the reset sets the new password and ends every session', async () => {
    const username = uniqueEmail();
    const session = await loggedInApplicant(server, username);
    const { id } = await requestReset(username);

    const reset = await client.post('/public/reset-password', { username, password: OTHER_PASSWORD, id });
    expect(reset).toMatchObject({ status: 200, body: { message: accountMessages.passwordReset } });
    expect((await session.get('/api/profile')).status).toBe(401);
    expect((await client.post('/public/login', { username, password: GOOD_PASSWORD })).status).toBe(400);
    expect((await client.post('/public/login', { username, password: OTHER_PASSWORD })).status).toBe(200);
  });

  it('uses a reset id once only', async () => {
    const username = uniqueEmail();
    await loggedInApplicant(server, username);
    const { id } = await requestReset(username);
    expect((await client.post('/public/reset-password', { username, password: OTHER_PASSWORD, id })).status).toBe(200);
    const again = await client.post('/public/reset-password', { username, password: 'Third-Password-3!', id });
    expect(again).toMatchObject({ status: 400, body: { message: accountMessages.resetInvalid } });
    expect((await client.post('/public/login', { username, password: OTHER_PASSWORD })).status).toBe(200);
  });

  it('refuses an expired reset id and changes nothing', async () => {
    const username = uniqueEmail();
    await loggedInApplicant(server, username);
    const { id } = await requestReset(username);
    const ttl = server.config.resetTtlMinutes * 60_000 + 1;
    server.advance(ttl);
    try {
      const response = await client.post('/public/reset-password', { username, password: OTHER_PASSWORD, id });
      expect(response).toMatchObject({ status: 400, body: { message: accountMessages.resetInvalid } });
    } finally {
      server.advance(-ttl);
    }
    expect((await client.post('/public/login', { username, password: GOOD_PASSWORD })).status).toBe(200);
  });

  it("refuses a reset id used for another account's username", async () => {
    const owner = uniqueEmail('owner');
    const victim = uniqueEmail('victim');
    await loggedInApplicant(server, owner);
    await loggedInApplicant(server, victim);
    const { id } = await requestReset(owner);
    const response = await client.post('/public/reset-password', { username: victim, password: OTHER_PASSWORD, id });
    expect(response.status).toBe(400);
    expect((await client.post('/public/login', { username: victim, password: GOOD_PASSWORD })).status).toBe(200);
    // The owner's link still works: a failed attempt with another name does not spend it.
    expect((await client.post('/public/reset-password', { username: owner, password: OTHER_PASSWORD, id })).status).toBe(200);
  });

  it('refuses a weak new password with the rule messages and keeps the id usable', async () => {
    const username = uniqueEmail();
    await loggedInApplicant(server, username);
    const { id } = await requestReset(username);
    const weak = await client.post('/public/reset-password', { username, password: 'alllowercase', id });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toHaveProperty('password');
    expect((await client.post('/public/reset-password', { username, password: OTHER_PASSWORD, id })).status).toBe(200);
  });

  it('answers forgot-password for an unknown user exactly as for a known one, mailing nothing', async () => {
    const unknown = uniqueEmail('ghost');
    const response = await client.post('/public/forgot-password', { username: unknown });
    expect(response).toMatchObject({ status: 200, body: { message: accountMessages.resetSent } });
    expect(mailTo(await server.outbox(), unknown)).toHaveLength(0);
  });

  it('confirms an unconfirmed account through a reset, since the link proves the address', async () => {
    const username = uniqueEmail();
    await client.post('/public/signup', { username, password: GOOD_PASSWORD });
    const { id } = await requestReset(username);
    expect((await client.post('/public/reset-password', { username, password: OTHER_PASSWORD, id })).status).toBe(200);
    expect((await client.post('/public/login', { username, password: OTHER_PASSWORD })).status).toBe(200);
  });
});
