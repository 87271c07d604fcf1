// Issue 24, item 3: failed staff logins slow down the address that makes them and the pair (address,
// account), never the account alone, so a stranger who knows a colleague's e-mail cannot keep
// them out. The client's address is varied as the proxy passes it on (TRUST_PROXY, X-Forwarded-For).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffPaths } from '../../common/staff-api';
import { defaultStaffRateLimits } from '../../backend/staff/staff-auth-service';
import { staffAccountMessages as messages } from '../../backend/staff/staff-messages';
import { OTHER_PASSWORD, uniqueEmail } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { enrolledStaff, nextCode } from './support/staff';
import { startTestServer, type TestServer } from './support/test-server';

const ATTACKER = '198.51.100.66';
const OFFICE = '192.0.2.10';
const WRONG_LOGINS = 50;
const WINDOW_MS = defaultStaffRateLimits.staffLogin.address.windowMs;

describe.each(dialects)('staff login limits on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => server.close());

  const login = (from: string, body: { email: string; password: string; code: string }) =>
    new ApiClient(server.baseUrl).request('POST', staffPaths.login, body, { 'x-forwarded-for': from });

  it('lets the officer in from another address at once while a stranger keeps failing, and keeps the stranger slowed', async () => {
    const officer = await enrolledStaff(server, 'admin');
    // Fixed windows: start at the beginning of one, so every attempt below shares it.
    const moved = WINDOW_MS - (server.clock() % WINDOW_MS) + 1_000;
    server.advance(moved);
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < WRONG_LOGINS; attempt += 1) {
        statuses.push((await login(ATTACKER, { email: officer.email, password: OTHER_PASSWORD, code: '123456' })).status);
      }
      expect(statuses.slice(0, defaultStaffRateLimits.staffLogin.addressAccount.max)).toEqual(Array(defaultStaffRateLimits.staffLogin.addressAccount.max).fill(400));
      expect(statuses.at(-1)).toBe(429);

      // The officer, from the office, with the right password and a fresh code: in at once.
      const officerLogin = await login(OFFICE, { email: officer.email, password: officer.password, code: nextCode(server, officer.secret) });
      expect(officerLogin).toMatchObject({ status: 200, body: { message: messages.loggedIn } });

      // The stranger's address is still slowed: for this account even with the right password, and for any other account.
      const again = await login(ATTACKER, { email: officer.email, password: officer.password, code: nextCode(server, officer.secret) });
      expect(again.status).toBe(429);
      expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await login(ATTACKER, { email: uniqueEmail('other'), password: OTHER_PASSWORD, code: '123456' })).status).toBe(429);
      // And another colleague from the office is not.
      const colleague = await enrolledStaff(server);
      expect((await login(OFFICE, { email: colleague.email, password: colleague.password, code: nextCode(server, colleague.secret) })).status).toBe(200);
    } finally {
      server.advance(-moved);
    }
  });

  it('counts failures only: a staff member who logs in often is never slowed', async () => {
    const staff = await enrolledStaff(server);
    const moved = WINDOW_MS - (server.clock() % WINDOW_MS) + 1_000;
    server.advance(moved);
    let later = 0;
    try {
      for (let round = 0; round < defaultStaffRateLimits.staffLogin.addressAccount.max + 2; round += 1) {
        later += 30_000;
        expect((await login(OFFICE, { email: staff.email, password: staff.password, code: nextCode(server, staff.secret) })).status, `login ${round + 1}`).toBe(200);
      }
    } finally {
      server.advance(-moved - later);
    }
  });
});
