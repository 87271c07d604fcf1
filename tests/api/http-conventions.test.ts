import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../backend/http/security-headers';
import { GOOD_PASSWORD, loggedInApplicant, uniqueEmail } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

describe.each(dialects)('HTTP conventions on %s', (dialect) => {
  let server: TestServer;
  let client: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { BODY_LIMIT_BYTES: '4096' } });
    client = new ApiClient(server.baseUrl);
  });
  afterAll(() => server.close());

  it('answers the health check with the store in use', async () => {
    expect(await client.get('/health')).toMatchObject({ status: 200, body: { status: 'ok', store: dialect } });
  });

  it('refuses malformed JSON with 400 and creates nothing', async () => {
    const username = uniqueEmail();
    const response = await client.request('POST', '/public/signup', `{"username":"${username}","password":`, {
      'content-type': 'application/json',
    });
    expect(response).toMatchObject({ status: 400, body: { message: 'The request body is not valid JSON.' } });
    expect(await server.store.accounts.findByUsername(username)).toBeUndefined();
  });

  it('refuses a state-changing call that is not JSON with 415', async () => {
    const username = uniqueEmail();
    const response = await client.request('POST', '/public/signup', `username=${username}&password=${GOOD_PASSWORD}`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(response.status).toBe(415);
    expect(response.body).toHaveProperty('message');
    expect(await server.store.accounts.findByUsername(username)).toBeUndefined();
  });

  it('refuses a body over the limit with 413 and creates nothing', async () => {
    const username = uniqueEmail();
    const response = await client.post('/public/signup', { username, password: GOOD_PASSWORD, padding: 'x'.repeat(8000) });
    expect(response.status).toBe(413);
    expect(response.body.message).toMatch(/larger than the limit/);
    expect(await server.store.accounts.findByUsername(username)).toBeUndefined();
  });

  it('refuses calls from a foreign origin or another site', async () => {
    const username = uniqueEmail();
    const foreign = new ApiClient(server.baseUrl, 'https://evil.example');
    expect((await foreign.post('/public/signup', { username, password: GOOD_PASSWORD })).status).toBe(403);
    const applicant = await loggedInApplicant(server);
    const crossSite = await applicant.request('GET', '/api/logout', undefined, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect((await applicant.get('/api/profile')).status).toBe(200);
    expect(await server.store.accounts.findByUsername(username)).toBeUndefined();
  });

  it('answers unknown API paths and wrong methods with 4xx JSON', async () => {
    expect(await client.get('/public/nothing-here')).toMatchObject({ status: 404, body: { message: 'Not found.' } });
    const wrongMethod = await client.request('DELETE', '/public/login');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body).toHaveProperty('message');
    expect((await client.get('/api/anything')).status).toBe(401);
  });

  it('sends the security headers and the CSP on API answers and errors alike', async () => {
    for (const response of [await client.get('/health'), await client.get('/api/profile'), await client.get('/public/x')]) {
      expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('never echoes passwords, codes or tokens in answers', async () => {
    const username = uniqueEmail();
    const signup = await client.post('/public/signup', { username, password: GOOD_PASSWORD });
    expect(JSON.stringify(signup.body)).not.toContain(GOOD_PASSWORD);
    const login = await loggedInApplicant(server);
    const profile = await login.get('/api/profile');
    expect(JSON.stringify(profile.body)).not.toContain(login.cookies.get('gradapp-idp.session'));
  });
});
