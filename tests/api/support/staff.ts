import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { staffPaths, type StaffEnrolResponse, type StaffInvitationResponse, type StaffRole } from '../../../common/staff-api';
import { createStaffAdmin } from '../../../backend/staff/staff-admin';
import { TOTP_PARAMETERS } from '../../../backend/staff/totp';
import { decodeMailBody, mailTo, waitForMail } from '../../../scripts/support/mail';
import { GOOD_PASSWORD, uniqueEmail } from '../../../scripts/support/accounts';
import { ApiClient } from '../../../scripts/support/http-client';
import type { TestServer } from './test-server';

/** The TOTP code an authenticator app shows at `timestamp` (the test computes it as the phone would). */
export function totpCode(secret: string, timestamp: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp, ...TOTP_PARAMETERS });
}

/**
 * A fresh code: the server's clock moves to the next 30-second step first, since a step is
 * accepted once per account (the code of the step just used is refused as a replay).
 */
export function nextCode(server: TestServer, secret: string): string {
  server.advance(TOTP_PARAMETERS.period * 1000);
  return totpCode(secret, server.clock());
}

/** `npm run staff -- add/invite` as the command does it, over the test server's store and clock. */
export function staffAdmin(server: TestServer) {
  return createStaffAdmin({ store: server.store, clock: server.clock, publicUrl: server.baseUrl });
}

/** The invitation link last mailed to the address, once the outbox has sent it. */
export async function invitationLink(server: Pick<TestServer, 'outbox'>, email: string, after = 0): Promise<URL> {
  return waitForMail(server.outbox, (mails) => {
    const mine = mailTo(mails, email);
    if (mine.length <= after) throw new Error(`no new invitation mailed to ${email}`);
    const link = decodeMailBody(mine.at(-1)!).match(/https?:\/\/\S+\/staff\/enrol\?\S+/)?.[0];
    if (!link) throw new Error(`no invitation link mailed to ${email}`);
    return new URL(link);
  });
}

export interface EnrolledStaff {
  email: string;
  role: StaffRole;
  password: string;
  secret: string;
  recoveryCodes: string[];
}

/** Invites (in process), reads the mailed link, enrols with a code computed here. */
export async function enrolledStaff(server: TestServer, role: StaffRole = 'reader', email = uniqueEmail(`staff-${role}`)): Promise<EnrolledStaff> {
  await staffAdmin(server).add(email, role);
  const id = (await invitationLink(server, email)).searchParams.get('id')!;
  const client = new ApiClient(server.baseUrl);
  const invitation = await client.post<StaffInvitationResponse>(staffPaths.invitation, { id });
  expect(invitation.status).toBe(200);
  const secret = invitation.body.secret;
  const enrolled = await client.post<StaffEnrolResponse>(staffPaths.enrol, { id, password: GOOD_PASSWORD, code: nextCode(server, secret) });
  expect(enrolled.status).toBe(200);
  return { email: email.toLowerCase(), role, password: GOOD_PASSWORD, secret, recoveryCodes: enrolled.body.recovery_codes };
}

/** A staff member logged in with password and a fresh code: the client holds the staff cookie. */
export async function loggedInStaff(server: TestServer, role: StaffRole = 'reader'): Promise<{ client: ApiClient; staff: EnrolledStaff }> {
  const staff = await enrolledStaff(server, role);
  const client = new ApiClient(server.baseUrl);
  const login = await client.post(staffPaths.login, { email: staff.email, password: staff.password, code: nextCode(server, staff.secret) });
  expect(login.status).toBe(200);
  return { client, staff };
}
