import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRateLimits, type RateLimits } from '../../backend/security/rate-limiter';
import { GOOD_PASSWORD, loggedInApplicant, uniqueEmail } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

const WINDOW = 15 * 60_000;
const limits: RateLimits = {
  ...defaultRateLimits,
  login: { account: { max: 3, windowMs: WINDOW }, address: { max: 8, windowMs: WINDOW } },
  forgot: { account: { max: 2, windowMs: WINDOW }, address: { max: 50, windowMs: WINDOW } },
};

describe.each(dialects)('rate limits on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect, { rateLimits: limits });
  });
  afterAll(() => server.close());

  it('stops password guessing per account with 429 and Retry-After, even for the right password', async () => {
    const username = uniqueEmail();
    await loggedInApplicant(server, username); // one login counted
    const client = new ApiClient(server.baseUrl);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await client.post('/public/login', { username, password: 'Wrong-Password-1' })).status).toBe(400);
    }
    const blocked = await client.post('/public/login', { username, password: GOOD_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(client.cookies.size).toBe(0);

    server.advance(WINDOW);
    try {
      expect((await client.post('/public/login', { username, password: GOOD_PASSWORD })).status).toBe(200);
    } finally {
      server.advance(-WINDOW);
    }
  });

  it('limits forgot-password mails per account', async () => {
    const username = uniqueEmail();
    await loggedInApplicant(server, username);
    const client = new ApiClient(server.baseUrl);
    expect((await client.post('/public/forgot-password', { username })).status).toBe(200);
    expect((await client.post('/public/forgot-password', { username })).status).toBe(200);
    expect((await client.post('/public/forgot-password', { username })).status).toBe(429);
  });
});
