import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../common/api';
import { staffPaths, type StaffEnrolResponse, type StaffInvitationResponse, type StaffMeResponse } from '../../common/staff-api';
import { passwordRules } from '../../common/auth/password-rules';
import { staffMessages } from '../../common/staff/staff-schemas';
import { HOUR_MS, MINUTE_MS } from '../../backend/platform/clock';
import { purgeExpired } from '../../backend/housekeeping/housekeeping';
import { createLogger } from '../../backend/platform/log';
import { hashSecret } from '../../backend/security/secrets';
import { defaultStaffRateLimits, MAX_SECOND_FACTOR_FAILURES } from '../../backend/staff/staff-auth-service';
import { STAFF_INVITATION_HOURS } from '../../backend/staff/staff-admin';
import { staffAccountMessages as messages } from '../../backend/staff/staff-messages';
import { STAFF_SESSION_POLICY, STAFF_SESSION_SCOPE } from '../../backend/staff/staff-sessions';
import { GOOD_PASSWORD, OTHER_PASSWORD, loggedInApplicant, uniqueEmail } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { enrolledStaff, invitationLink, loggedInStaff, nextCode, staffAdmin, totpCode } from './support/staff';
import { startTestServer, type TestServer } from './support/test-server';

/** Issue 19, item 1: staff accounts invited from the command line, password plus TOTP, their own sessions. */

const repoRoot = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const LOGIN_WINDOW_MS = defaultStaffRateLimits.staffLogin.address.windowMs;

describe.each(dialects)('staff accounts on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('invites by e-mail with a single-use link that shows the QR code, checks the password rules and the code, and returns ten recovery codes', async () => {
    const email = uniqueEmail('invited');
    await staffAdmin(server).add(email.toUpperCase(), 'reader');
    const link = await invitationLink(server, email);
    expect(link.origin + link.pathname).toBe(`${server.baseUrl}/staff/enrol`);
    const id = link.searchParams.get('id')!;
    const client = new ApiClient(server.baseUrl);

    const invitation = await client.post<StaffInvitationResponse>(staffPaths.invitation, { id });
    expect(invitation.status).toBe(200);
    expect(invitation.body.email).toBe(email);
    expect(invitation.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(invitation.body.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.*secret=[A-Z2-7]{32}/);
    expect(invitation.body.otpauth_uri).toContain('period=30');
    expect(invitation.body.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(invitation.body.qr_code.split(',')[1]!, 'base64').toString()).toContain('<svg');
    const secret = invitation.body.secret;

    // The applicants' password rules, each with its message.
    for (const rule of passwordRules) {
      const weak = { length: 'Aa1!', uppercase: 'lower-case-42!', lowercase: 'UPPER-CASE-42!', number: 'No-Numbers-Here!', special: 'NoSpecials42abc', whitespace: ' Spaced-Out-42! ' }[rule.id]!;
      const refused = await client.post(staffPaths.enrol, { id, password: weak, code: totpCode(secret, server.clock()) });
      expect(refused.status, rule.id).toBe(400);
      expect(JSON.stringify(refused.body), rule.id).toContain(rule.message);
    }
    // A code of another secret, or none, is refused; the invitation stays usable.
    const wrong = totpCode('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', server.clock());
    expect(await client.post(staffPaths.enrol, { id, password: GOOD_PASSWORD, code: wrong === '000000' ? '111111' : wrong })).toMatchObject({ status: 400, body: { message: messages.enrolCodeWrong } });
    expect(await client.post(staffPaths.enrol, { id, password: GOOD_PASSWORD, code: '' })).toMatchObject({ status: 400, body: { message: staffMessages.enrolCodeInvalid } });

    const enrolled = await client.post<StaffEnrolResponse>(staffPaths.enrol, { id, password: GOOD_PASSWORD, code: totpCode(secret, server.clock()) });
    expect(enrolled.status).toBe(200);
    expect(enrolled.body.message).toBe(messages.enrolled);
    expect(enrolled.body.recovery_codes).toHaveLength(10);
    expect(new Set(enrolled.body.recovery_codes).size).toBe(10);
    for (const code of enrolled.body.recovery_codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Enrolment opens no session: the staff member logs in with both factors.
    expect(client.cookies.size).toBe(0);

    // Single use: neither reading nor enrolling works again, whatever the code.
    expect(await client.post(staffPaths.invitation, { id })).toMatchObject({ status: 400, body: { message: messages.invitationInvalid } });
    const again = await client.post(staffPaths.enrol, { id, password: OTHER_PASSWORD, code: nextCode(server, secret) });
    expect(again).toMatchObject({ status: 400, body: { message: messages.invitationInvalid } });
    // The first password is the one that works.
    const login = await client.post(staffPaths.login, { email, password: GOOD_PASSWORD, code: nextCode(server, secret) });
    expect(login.status).toBe(200);
    expect(await client.post(staffPaths.login, { email, password: OTHER_PASSWORD, code: nextCode(server, secret) })).toMatchObject({ status: 400 });
    // Only hashes are stored.
    const stored = await server.store.staff.findByEmail(email);
    expect(stored!.password_hash).not.toContain(GOOD_PASSWORD);
  });

  it('refuses an invitation past its lifetime, and a new invitation replaces the old link', async () => {
    const email = uniqueEmail('late');
    await staffAdmin(server).add(email, 'admin');
    const first = (await invitationLink(server, email)).searchParams.get('id')!;
    const client = new ApiClient(server.baseUrl);
    server.advance(STAFF_INVITATION_HOURS * HOUR_MS + MINUTE_MS);
    try {
      expect(await client.post(staffPaths.invitation, { id: first })).toMatchObject({ status: 400, body: { message: messages.invitationInvalid } });
      await staffAdmin(server).invite(email);
      const second = (await invitationLink(server, email, 1)).searchParams.get('id')!;
      expect(second).not.toBe(first);
      const invitation = await client.post<StaffInvitationResponse>(staffPaths.invitation, { id: second });
      expect(invitation.status).toBe(200);
      // Another new invitation voids this one before it is used.
      await staffAdmin(server).invite(email);
      await invitationLink(server, email, 2);
      const code = totpCode(invitation.body.secret, server.clock());
      expect(await client.post(staffPaths.enrol, { id: second, password: GOOD_PASSWORD, code })).toMatchObject({ status: 400, body: { message: messages.invitationInvalid } });
    } finally {
      server.advance(-(STAFF_INVITATION_HOURS * HOUR_MS + MINUTE_MS));
    }
    // Made-up and malformed ids say the same, and nothing else.
    for (const id of ['A'.repeat(43), 'nonsense']) expect(await client.post(staffPaths.invitation, { id })).toMatchObject({ status: 400, body: { message: messages.invitationInvalid } });
    for (const body of [{}, { id: '' }, { id: ['x'] }, [], 'x']) expect((await client.post(staffPaths.invitation, body)).status).toBe(400);
  });

  it('logs in with password and a TOTP code into a staff cookie of its own: HttpOnly, SameSite=Strict, only for /api/staff', async () => {
    const staff = await enrolledStaff(server, 'admin');
    const client = new ApiClient(server.baseUrl);
    const login = await client.post(staffPaths.login, { email: ` ${staff.email.toUpperCase()} `, password: staff.password, code: nextCode(server, staff.secret) });
    expect(login).toMatchObject({ status: 200, body: { message: messages.loggedIn } });
    const cookies = login.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    const [cookie] = cookies;
    expect(cookie).toMatch(new RegExp(`^staff-${server.config.cookiePrefix}\\.session=`));
    expect(cookie).toMatch(/;\s*path=\/api\/staff/i);
    expect(cookie).toMatch(/;\s*httponly/i);
    expect(cookie).toMatch(/;\s*samesite=strict/i);
    // Nothing that the applicants' renderer would read as someone logged in.
    expect(cookie!.startsWith(server.config.cookiePrefix)).toBe(false);
    expect(await client.get<StaffMeResponse>(staffPaths.me)).toMatchObject({ status: 200, body: { email: staff.email, role: 'admin', recovery_codes_left: 10 } });
  });

  it('answers a wrong password, a wrong code, a replayed code and an unknown address alike, and takes each recovery code once', async () => {
    const staff = await enrolledStaff(server);
    const client = new ApiClient(server.baseUrl);
    const code = nextCode(server, staff.secret);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const failures = [
      { email: staff.email, password: OTHER_PASSWORD, code },
      { email: staff.email, password: staff.password, code: wrongCode },
      { email: uniqueEmail('nobody'), password: staff.password, code },
    ];
    for (const body of failures) expect(await client.post(staffPaths.login, body)).toMatchObject({ status: 400, body: { message: messages.loginFailed } });
    expect((await client.post(staffPaths.login, { email: staff.email, password: staff.password, code })).status).toBe(200);
    // The same code again, even from another client in the same 30 seconds, is a replay.
    expect(await new ApiClient(server.baseUrl).post(staffPaths.login, { email: staff.email, password: staff.password, code })).toMatchObject({ status: 400, body: { message: messages.loginFailed } });

    server.advance(LOGIN_WINDOW_MS);
    try {
      const recovery = staff.recoveryCodes[3]!;
      const fresh = new ApiClient(server.baseUrl);
      expect((await fresh.post(staffPaths.login, { email: staff.email, password: staff.password, code: recovery.toUpperCase().replace('-', ' ') })).status).toBe(200);
      expect((await fresh.get<StaffMeResponse>(staffPaths.me)).body.recovery_codes_left).toBe(9);
      expect(await new ApiClient(server.baseUrl).post(staffPaths.login, { email: staff.email, password: staff.password, code: recovery })).toMatchObject({ status: 400, body: { message: messages.loginFailed } });
      // Another account's recovery code is not this one's.
      const other = await enrolledStaff(server);
      expect((await new ApiClient(server.baseUrl).post(staffPaths.login, { email: other.email, password: other.password, code: staff.recoveryCodes[0] })).status).toBe(400);
      // Malformed bodies are 400s with the message of the field.
      expect(await fresh.post(staffPaths.login, { email: staff.email, password: staff.password, code: 'abc' })).toMatchObject({ status: 400, body: { message: staffMessages.codeInvalid } });
      for (const body of [{}, [], { email: ['x'], password: 'x', code: '123456' }, { email: staff.email, password: { a: 1 }, code: '123456' }]) {
        expect((await fresh.post(staffPaths.login, body)).status).toBe(400);
      }
    } finally {
      server.advance(-LOGIN_WINDOW_MS);
    }
  });

  it('stops TOTP guessing: 429 past the per-account limit, then a lock after repeated wrong codes that only a new invitation lifts', async () => {
    const staff = await enrolledStaff(server);
    const client = new ApiClient(server.baseUrl);
    const guess = (index: number) => String(100000 + index * 7919).slice(0, 6);
    const limit = defaultStaffRateLimits.staffCode.account.max;
    // Rate limits count in fixed windows: start at the beginning of one, so the guesses share it.
    let moved = LOGIN_WINDOW_MS - (server.clock() % LOGIN_WINDOW_MS) + 1_000;
    server.advance(moved);
    try {
      let wrong = 0;
      for (let attempt = 0; wrong < MAX_SECOND_FACTOR_FAILURES; attempt += 1) {
        const code = guess(attempt);
        if (code === totpCode(staff.secret, server.clock())) continue;
        const answer = await client.post(staffPaths.login, { email: staff.email, password: staff.password, code });
        wrong += 1;
        if (wrong >= MAX_SECOND_FACTOR_FAILURES) {
          expect(answer, `guess ${wrong}`).toMatchObject({ status: 403, body: { message: messages.locked } });
        } else {
          expect(answer.status, `guess ${wrong}`).toBe(400);
        }
        if (wrong % limit === 0 && wrong < MAX_SECOND_FACTOR_FAILURES) {
          // The per-account limit: even the right code is refused until the window passes.
          const blocked = await client.post(staffPaths.login, { email: staff.email, password: staff.password, code: totpCode(staff.secret, server.clock()) });
          expect(blocked.status).toBe(429);
          expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
          server.advance(LOGIN_WINDOW_MS);
          moved += LOGIN_WINDOW_MS;
        }
      }
      server.advance(LOGIN_WINDOW_MS);
      moved += LOGIN_WINDOW_MS;
      // Locked: the right password and the right code (or a recovery code) open nothing.
      expect(await client.post(staffPaths.login, { email: staff.email, password: staff.password, code: nextCode(server, staff.secret) })).toMatchObject({ status: 403, body: { message: messages.locked } });
      moved += 30_000;
      expect(await client.post(staffPaths.login, { email: staff.email, password: staff.password, code: staff.recoveryCodes[0] })).toMatchObject({ status: 403 });
      // A wrong password does not say the account is locked.
      expect(await client.post(staffPaths.login, { email: staff.email, password: OTHER_PASSWORD, code: staff.recoveryCodes[0] })).toMatchObject({ status: 400, body: { message: messages.loginFailed } });
      expect(client.cookies.size).toBe(0);

      // A new invitation: a new secret and new codes; the old recovery codes are gone.
      await staffAdmin(server).invite(staff.email);
      const id = (await invitationLink(server, staff.email, 1)).searchParams.get('id')!;
      const invitation = await client.post<StaffInvitationResponse>(staffPaths.invitation, { id });
      expect(invitation.body.secret).not.toBe(staff.secret);
      expect((await client.post(staffPaths.enrol, { id, password: OTHER_PASSWORD, code: totpCode(invitation.body.secret, server.clock()) })).status).toBe(200);
      server.advance(LOGIN_WINDOW_MS);
      moved += LOGIN_WINDOW_MS;
      expect((await client.post(staffPaths.login, { email: staff.email, password: OTHER_PASSWORD, code: staff.recoveryCodes[1] })).status).toBe(400);
      expect((await client.post(staffPaths.login, { email: staff.email, password: OTHER_PASSWORD, code: nextCode(server, invitation.body.secret) })).status).toBe(200);
      moved += 30_000;
    } finally {
      server.advance(-moved);
    }
  });

  it('keeps the two kinds of session apart: an applicant session gets nothing under /api/staff, a staff session is not an applicant', async () => {
    const applicant = await loggedInApplicant(server);
    const { client: staffClient } = await loggedInStaff(server, 'admin');
    for (const [method, route] of [['GET', staffPaths.me], ['POST', staffPaths.keepAlive], ['POST', staffPaths.logout], ['POST', staffPaths.password], ['GET', '/api/staff/no-such-call']] as const) {
      const answer = await applicant.request(method, route, method === 'POST' ? { current_password: GOOD_PASSWORD, password: OTHER_PASSWORD } : undefined);
      expect(answer, `${method} ${route}`).toMatchObject({ status: 401, body: { message: messages.sessionInvalid } });
    }
    // The test client sends every cookie everywhere (a browser sends the staff one only to /api/staff).
    for (const route of [apiPaths.profile, apiPaths.documentAnswers, apiPaths.pdf]) expect((await staffClient.get(route)).status, route).toBe(401);
    expect((await staffClient.put(apiPaths.answer, { first_name: 'Staff' })).status).toBe(401);
    // A staff session token in the applicant cookie, or the other way round, is nothing.
    const staffToken = [...staffClient.cookies].find(([name]) => name.startsWith('staff-'))![1];
    const applicantToken = [...applicant.cookies].find(([name]) => name.endsWith('.session'))![1];
    const prefix = server.config.cookiePrefix;
    expect((await new ApiClient(server.baseUrl).request('GET', apiPaths.profile, undefined, { cookie: `${prefix}.session=${staffToken}` })).status).toBe(401);
    expect((await new ApiClient(server.baseUrl).request('GET', staffPaths.me, undefined, { cookie: `staff-${prefix}.session=${applicantToken}` })).status).toBe(401);
    // Both still work for their own side; an unknown staff call is a 404 for staff.
    expect((await applicant.get(apiPaths.profile)).status).toBe(200);
    expect((await staffClient.get(staffPaths.me)).status).toBe(200);
    expect((await staffClient.get('/api/staff/no-such-call')).status).toBe(404);
    expect((await staffClient.request('DELETE', staffPaths.me)).status).toBe(405);
  });

  it('ends a staff session after the idle limit, at logout, when the password changes and when the account is removed', async () => {
    const { client, staff } = await loggedInStaff(server);
    server.advance(STAFF_SESSION_POLICY.idleMs - MINUTE_MS);
    try {
      expect((await client.post(staffPaths.keepAlive, {})).status).toBe(200);
      server.advance(STAFF_SESSION_POLICY.idleMs - MINUTE_MS);
      expect((await client.get(staffPaths.me)).status).toBe(200);
      server.advance(STAFF_SESSION_POLICY.idleMs);
      const idle = await client.get(staffPaths.me);
      expect(idle).toMatchObject({ status: 401, body: { message: messages.sessionInvalid } });
      expect(idle.headers.getSetCookie().join()).toMatch(/staff-.*\.session=;.*expires=Thu, 01 Jan 1970/i);
    } finally {
      server.advance(-(3 * STAFF_SESSION_POLICY.idleMs - 2 * MINUTE_MS));
    }

    const login = () => client.post(staffPaths.login, { email: staff.email, password: staff.password, code: nextCode(server, staff.secret) });
    expect((await login()).status).toBe(200);
    expect(await client.post(staffPaths.logout, {})).toMatchObject({ status: 200, body: { message: messages.loggedOut } });
    expect((await client.get(staffPaths.me)).status).toBe(401);

    // A password change ends every session of the account, this one and another device's.
    server.advance(LOGIN_WINDOW_MS);
    expect((await login()).status).toBe(200);
    const otherDevice = new ApiClient(server.baseUrl);
    expect((await otherDevice.post(staffPaths.login, { email: staff.email, password: staff.password, code: nextCode(server, staff.secret) })).status).toBe(200);
    expect(await client.post(staffPaths.password, { current_password: OTHER_PASSWORD, password: 'Another-Good-Pass-7!' })).toMatchObject({ status: 400, body: { message: messages.currentPasswordWrong } });
    expect((await client.post(staffPaths.password, { current_password: staff.password, password: 'weak' })).status).toBe(400);
    expect(await client.post(staffPaths.password, { current_password: staff.password, password: 'Another-Good-Pass-7!' })).toMatchObject({ status: 200, body: { message: messages.passwordChanged } });
    expect((await client.get(staffPaths.me)).status).toBe(401);
    expect((await otherDevice.get(staffPaths.me)).status).toBe(401);
    expect((await client.post(staffPaths.login, { email: staff.email, password: staff.password, code: nextCode(server, staff.secret) })).status).toBe(400);
    expect((await client.post(staffPaths.login, { email: staff.email, password: 'Another-Good-Pass-7!', code: nextCode(server, staff.secret) })).status).toBe(200);
    server.advance(-LOGIN_WINDOW_MS);

    await staffAdmin(server).remove(staff.email);
    expect((await client.get(staffPaths.me)).status).toBe(401);
    expect(await server.store.staff.findByEmail(staff.email)).toBeUndefined();
  });

  it('has housekeeping delete staff sessions past their idle limit, and only those', async () => {
    const stored = (client: ApiClient) => {
      const token = [...client.cookies].find(([name]) => name.startsWith('staff-'))![1];
      return server.store.staff.sessions.find(hashSecret(STAFF_SESSION_SCOPE, token));
    };
    const { client: idle } = await loggedInStaff(server);
    expect(await stored(idle)).toBeDefined();
    server.advance(STAFF_SESSION_POLICY.idleMs + MINUTE_MS);
    try {
      const { client: fresh } = await loggedInStaff(server);
      await purgeExpired({ store: server.store, objects: server.objects, config: server.config, clock: server.clock, logger: createLogger('silent') });
      expect(await stored(idle)).toBeUndefined();
      expect(await stored(fresh)).toBeDefined();
      expect((await fresh.get(staffPaths.me)).status).toBe(200);
    } finally {
      server.advance(-(STAFF_SESSION_POLICY.idleMs + MINUTE_MS));
    }
  });

  it('refuses staff calls from a foreign origin (403) or without JSON (415), changing nothing', async () => {
    const staff = await enrolledStaff(server);
    const foreign = new ApiClient(server.baseUrl, 'https://evil.example');
    expect((await foreign.post(staffPaths.login, { email: staff.email, password: staff.password, code: nextCode(server, staff.secret) })).status).toBe(403);
    expect(foreign.cookies.size).toBe(0);
    const client = new ApiClient(server.baseUrl);
    const body = JSON.stringify({ email: staff.email, password: staff.password, code: nextCode(server, staff.secret) });
    expect((await client.request('POST', staffPaths.login, body, { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await client.request('POST', staffPaths.login, JSON.parse(body), { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect(client.cookies.size).toBe(0);
    // The session's own calls, too.
    expect((await client.post(staffPaths.login, { email: staff.email, password: staff.password, code: nextCode(server, staff.secret) })).status).toBe(200);
    const crossLogout = await new ApiClient(server.baseUrl, 'https://evil.example').request('POST', staffPaths.logout, {}, { cookie: client.cookieHeader() });
    expect(crossLogout.status).toBe(403);
    expect((await client.get(staffPaths.me)).status).toBe(200);
  });
});

describe('npm run staff', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(() => server.close());

  async function command(...args: string[]) {
    const env = { ...process.env, DATA_DIR: server.config.dataDir, DATABASE_URL: '', PUBLIC_URL: server.baseUrl, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
    try {
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/staff.ts', ...args], { cwd: repoRoot, env });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  it('adds (the running server mails the invitation), lists, invites again and removes; refuses bad arguments with the usage', async () => {
    const email = uniqueEmail('command');
    const added = await command('add', email, '--role', 'admin');
    expect(added).toMatchObject({ code: 0, stderr: '' });
    expect(added.stdout).toContain(`Added ${email} as admin`);
    const id = (await invitationLink(server, email)).searchParams.get('id')!;
    expect((await new ApiClient(server.baseUrl).post(staffPaths.invitation, { id })).status).toBe(200);

    expect((await command('list')).stdout).toMatch(new RegExp(`${email.replace(/\./g, '\\.')}\\tadmin\\tinvited`));
    expect(await command('add', email, '--role', 'reader')).toMatchObject({ code: 1 });
    expect((await command('invite', email)).code).toBe(0);
    await invitationLink(server, email, 1);
    expect((await new ApiClient(server.baseUrl).post(staffPaths.invitation, { id })).status).toBe(400);
    expect((await command('remove', email)).stdout).toContain(`Removed ${email}`);
    expect((await command('list')).stdout).not.toContain(email);
    expect((await command('remove', email)).code).toBe(1);

    for (const args of [[], ['add', email], ['add', email, '--role', 'owner'], ['frobnicate'], ['add', email, '--role', 'admin', '--days', '3']]) {
      const usage = await command(...args);
      expect(usage.code, args.join(' ')).toBeGreaterThan(0);
      expect(usage.stderr.length, args.join(' ')).toBeGreaterThan(0);
    }
    expect((await command('add', 'not-an-address', '--role', 'reader')).stderr).toContain('is not an e-mail address');
  }, 60_000);
});
