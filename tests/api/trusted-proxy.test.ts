// Behind a reverse proxy, the client's address is the one the proxy saw, which the proxy appends
// to X-Forwarded-For; the entries before it are whatever the client wrote, so they are never trusted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRateLimits, type RateLimits } from '../../backend/security/rate-limiter';
import { loadConfig } from '../../backend/platform/config';
import { uniqueEmail } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

const PER_ADDRESS = 4;
const limits: RateLimits = { ...defaultRateLimits, login: { ...defaultRateLimits.login, address: { max: PER_ADDRESS, windowMs: 15 * 60_000 } } };

/** A failed login from `forwardedFor` as the proxy passes it on, for a different account each time. */
async function failedLogin(server: TestServer, forwardedFor: string): Promise<number> {
  const client = new ApiClient(server.baseUrl);
  const response = await client.request('POST', '/public/login', { username: uniqueEmail('guess'), password: 'Wrong-Password-1' }, { 'x-forwarded-for': forwardedFor });
  return response.status;
}

describe('TRUST_PROXY', () => {
  it('takes false, true (one proxy) or the number of proxies in front', () => {
    expect(loadConfig({}).trustProxyHops).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxyHops).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxyHops).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxyHops).toBe(2);
    for (const bad of ['maybe', '-1', '11']) expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
  });
});

describe.each(dialects)('a client behind one trusted proxy, on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { TRUST_PROXY: 'true' }, rateLimits: limits });
  });
  afterAll(() => server.close());

  it('cannot escape the per-address limit by writing its own X-Forwarded-For entries', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= PER_ADDRESS; attempt += 1) statuses.push(await failedLogin(server, `198.51.100.${attempt}, 203.0.113.7`));
    expect(statuses.slice(0, PER_ADDRESS)).toEqual(Array(PER_ADDRESS).fill(400));
    expect(statuses.at(-1)).toBe(429);
    // Another address, as the proxy saw it, is its own.
    expect(await failedLogin(server, '198.51.100.1, 203.0.113.8')).toBe(400);
  });
});
