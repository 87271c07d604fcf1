import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, uniqueEmail } from '../../scripts/support/accounts';
import { ApiClient } from '../../scripts/support/http-client';
import { latestCode } from '../../scripts/support/mail';
import { startTestServer, type TestServer } from './support/test-server';

describe('behind https (a public URL with https://)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('sqlite', { env: { PUBLIC_URL: 'https://apply.example.edu' } });
  });
  afterAll(() => server.close());

  it('marks both session cookies Secure and sends HSTS', async () => {
    const client = new ApiClient(server.baseUrl);
    const username = uniqueEmail('secure');
    await client.post('/public/signup', { username, password: GOOD_PASSWORD });
    await client.post('/public/confirm', { username, code: latestCode(await server.outbox(), username) });
    const login = await client.post('/public/login', { username, password: GOOD_PASSWORD });
    expect(login.status).toBe(200);
    const cookies = login.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*secure/i);
    expect(login.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('mails reset links on the public URL', async () => {
    const client = new ApiClient(server.baseUrl);
    const username = uniqueEmail('link');
    await client.post('/public/signup', { username, password: GOOD_PASSWORD });
    await client.post('/public/forgot-password', { username });
    expect((await server.outbox()).at(-1)).toContain('https://apply.example.edu/reset?username=');
  });
});
