import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { staffPaths, type StaffInvitationResponse, type StaffRole } from '../../../common/staff-api';
import { staffPages } from '../../../common/staff-pages';
import { TOTP_PARAMETERS } from '../../../backend/staff/totp';
import { decodeMailBody, mailTo } from '../../../scripts/support/mail';
import { expect, outbox, uniqueEmail } from './fixtures';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

export const STAFF_PASSWORD = 'Office-Hours-2026!';

/** The code an authenticator app shows at `at` (ms). */
export const totpCode = (secret: string, at: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at, ...TOTP_PARAMETERS });

/** `npm run staff -- add` on the e2e server's store; the running server mails the invitation, whose link this returns. */
export async function inviteStaff(baseURL: string, email: string, role: StaffRole): Promise<URL> {
  const env = { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, PUBLIC_URL: baseURL, NODE_ENV: 'test', DATABASE_URL: '' };
  await run(process.execPath, ['--import', 'tsx', 'scripts/staff.ts', 'add', email, '--role', role], { cwd: repoRoot, env });
  let link = '';
  await expect
    .poll(() => {
      link = decodeMailBody(mailTo(outbox(), email).at(-1) ?? '').match(/https?:\/\/\S+\/staff\/enrol\?\S+/)?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return new URL(link);
}

/** A staff member invited by the command and enrolled through the API: the e-mail and the authenticator's secret. */
export async function enrolledStaff(request: APIRequestContext, baseURL: string, role: StaffRole): Promise<{ email: string; secret: string }> {
  const email = uniqueEmail(role);
  const id = (await inviteStaff(baseURL, email, role)).searchParams.get('id')!;
  const headers = { origin: baseURL };
  const { secret } = (await (await request.post(staffPaths.invitation, { data: { id }, headers })).json()) as StaffInvitationResponse;
  expect((await request.post(staffPaths.enrol, { data: { id, password: STAFF_PASSWORD, code: totpCode(secret, Date.now()) }, headers })).status()).toBe(200);
  return { email, secret };
}

/**
 * Logs in on the staff login page by hand, as an officer does: e-mail, password and the code of
 * the next 30-second step (the enrolment used the current one, and a code counts once).
 */
export async function logInAsStaff(page: Page, email: string, secret: string): Promise<void> {
  await page.goto(staffPages.login);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByLabel('Code from your authenticator app').fill(totpCode(secret, Date.now() + TOTP_PARAMETERS.period * 1000));
  await page.getByRole('button', { name: 'Log in' }).click();
}
