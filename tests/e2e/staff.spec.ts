import fs from 'node:fs';
import { type ProfileResponse } from '../../common/api';
import { staffPaths, type InboxResponse } from '../../common/staff-api';
import { staffPages } from '../../common/staff-pages';
import { type MintedTokenResponse } from '../../common/token-api';
import { tenant } from '../../common/form/tenant';
import { TOTP_PARAMETERS } from '../../backend/staff/totp';
import { completeApplication } from '../../scripts/support/complete-application';
import type { Locator, Page } from '@playwright/test';
import { PASSWORD, confirmedAccount, expect, expectAccessible, test, uniqueEmail } from './support/fixtures';
import { STAFF_PASSWORD, enrolledStaff, inviteStaff, totpCode as code } from './support/staff';

/** Issue 19: an officer invited from the command line enrols, logs in with a TOTP code, finds a submitted application, opens it and downloads its PDF. */


test('invite, enrol, log in with a second factor, find a submitted application, open it and download its PDF', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  // An applicant who submitted, with a name in two scripts and accents.
  const username = await confirmedAccount(request, baseURL!, 'staff-e2e-applicant');
  const headers = { origin: baseURL! };
  expect((await request.post('/public/login', { data: { username, password: PASSWORD }, headers })).status()).toBe(200);
  const saved = await request.put('/api/answer', { data: { ...completeApplication(), first_name: 'Ñuño 美玲', last_name: 'Céspedes' }, headers });
  expect(saved.status(), await saved.text()).toBe(200);
  const submitted = await request.post('/api/submit', { data: {}, headers });
  expect(submitted.status(), await submitted.text()).toBe(200);
  expect(((await (await request.get('/api/profile')).json()) as ProfileResponse).web_status.map((entry) => entry.web_status)).toContain('submitted');

  // The command line invites; the running server mails the link.
  const officer = uniqueEmail('officer');
  const link = await inviteStaff(baseURL!, officer, 'admin');

  await page.goto(link.href);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your staff account' })).toBeVisible();
  await expect(page.getByText(officer)).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.locator('.staff-card__secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page);
  await page.getByLabel('New password').fill(STAFF_PASSWORD);
  await page.getByLabel('Code from your authenticator app').fill(code(secret, Date.now()));
  await page.getByRole('button', { name: 'Set up my account' }).click();
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await expectAccessible(page);

  // The login: the code of the next 30-second step (the one just used is not taken twice).
  await page.getByRole('link', { name: 'Go to the staff login' }).click();
  await expect(page).toHaveURL(/\/staff\/login$/);
  await expectAccessible(page);
  await page.getByLabel('E-mail address').fill(officer);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByLabel('Code from your authenticator app').fill(code(secret, Date.now() + TOTP_PARAMETERS.period * 1000));
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  await expect(page.getByText(`${officer} (admin)`)).toBeVisible();
  await expectAccessible(page);
  // Found by the name typed without its accents.
  await page.getByLabel('Name or e-mail').fill('nuno 美玲 cespedes');
  await page.getByLabel('Status').selectOption('submitted');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Showing 1 to 1 of 1 applications' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row.getByRole('cell').nth(4)).toHaveText('Submitted');
  await expectAccessible(page);
  await row.getByRole('link', { name: 'Ñuño 美玲 Céspedes' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Ñuño 美玲 Céspedes' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'About You' })).toBeVisible();
  await expect(page.getByText('Applicant: Ñuño 美玲 Céspedes')).toBeVisible();
  await expectAccessible(page);
  const download = page.waitForEvent('download', { timeout: 90_000 });
  await page.getByRole('button', { name: 'Download the application PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);

  // The day's submissions exported as CSV, the name intact.
  await page.getByRole('link', { name: 'Back to the applications' }).click();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: tenant.time_zone }).format(new Date());
  // A range that ends before it starts is refused at the field, by the browser, and the page stays.
  await page.getByLabel('Export submitted from').fill(today);
  await page.getByLabel('Export submitted to').fill('2000-01-01');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect(await page.getByLabel('Export submitted to').evaluate((input: HTMLInputElement) => input.validity.rangeUnderflow)).toBe(true);
  await expect(page.getByRole('heading', { level: 2, name: 'Export submitted applications' })).toBeVisible();
  await page.getByLabel('Export submitted to').fill(today);
  await expectAccessible(page);
  const exported = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csv = await exported;
  expect(csv.suggestedFilename()).toBe(`applications-${today}-to-${today}.csv`);
  const text = fs.readFileSync((await csv.path())!, 'utf8');
  expect(text.startsWith('\uFEFF"application_id","email","submitted_at",')).toBe(true);
  expect(text).toContain(`,"${username}",`);
  expect(text).toContain('Ñuño 美玲');

  // The access log shows what this officer did.
  await page.getByRole('link', { name: 'Access log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Access log' })).toBeVisible();
  await page.getByLabel('Applicant e-mail').fill(username);
  await page.getByRole('button', { name: 'Filter' }).click();
  const entries = page.getByRole('region', { name: 'Access log table' }).getByRole('row');
  await expect(entries.filter({ hasText: 'pdf' })).toHaveCount(1);
  await expect(entries.filter({ hasText: 'view' }).first()).toContainText(officer);
  await expectAccessible(page);

  // Logging out ends the staff session: the inbox asks for a login again.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/staff\/login$/);
  expect((await page.request.get(staffPaths.me)).status()).toBe(401);
});

test("applicants' pages download none of the staff pages' code or styles", async ({ page }) => {
  const assets: string[] = [];
  page.on('request', (request) => assets.push(new URL(request.url()).pathname));
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
  expect(assets.filter((asset) => asset.startsWith('/assets/')).length).toBeGreaterThan(0);
  expect(assets.filter((asset) => /\/assets\/staff/.test(asset))).toEqual([]);
  // And the staff login does load them.
  await page.goto('/staff/login');
  await expect(page.getByRole('heading', { level: 1, name: /staff login/ })).toBeVisible();
  expect(assets.filter((asset) => /\/assets\/staff/.test(asset)).length).toBeGreaterThan(0);
});

/** Presses Tab until `target` has the focus (keyboard only: no clicks or fills). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < 80; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the element');
}

test('a reader logs in, searches, sorts and opens an application with the keyboard only, at tablet width', async ({ page, request, baseURL }) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  const { email: reader, secret } = await enrolledStaff(request, baseURL!, 'reader');
  const applicant = await confirmedAccount(request, baseURL!, 'keyboard-found');

  await page.goto('/staff/login');
  await tabTo(page, page.getByLabel('E-mail address'));
  await page.keyboard.type(reader);
  await page.keyboard.press('Tab');
  await page.keyboard.type(STAFF_PASSWORD);
  await page.keyboard.press('Tab');
  await page.keyboard.type(code(secret, Date.now() + TOTP_PARAMETERS.period * 1000));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  // Readers see no access log and no exports.
  await expect(page.getByRole('link', { name: 'Access log' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Download CSV' })).toHaveCount(0);

  await tabTo(page, page.getByLabel('Name or e-mail'));
  await page.keyboard.type(applicant);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Showing 1 to 1 of 1 applications' })).toBeVisible();
  const emailHeader = page.getByRole('button', { name: 'E-mail' });
  await tabTo(page, emailHeader);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('columnheader', { name: 'E-mail' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=email/);
  const link = page.getByRole('row').filter({ hasText: applicant }).getByRole('link');
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'About You' })).toBeVisible();
  await expectAccessible(page);
});

test('the staff view of an application is the print view: no form controls in it, the text the service view shows', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  const username = await confirmedAccount(request, baseURL!, 'staff-print');
  const headers = { origin: baseURL! };
  expect((await request.post('/public/login', { data: { username, password: PASSWORD }, headers })).status()).toBe(200);
  const saved = await request.put('/api/answer', { data: { ...completeApplication(), first_name: 'Dorothy', last_name: 'Vaughan' }, headers });
  expect(saved.status(), await saved.text()).toBe(200);
  const minted = await request.post('/admin/service-tokens', { data: { username, days: 1 }, headers: { authorization: `Bearer ${process.env.E2E_ADMIN_API_KEY}` } });
  expect(minted.status(), await minted.text()).toBe(201);
  const serviceLink = ((await minted.json()) as MintedTokenResponse).url;

  // A reader logged in (the page's own cookies), who opens the application from the inbox's row.
  const { email, secret } = await enrolledStaff(request, baseURL!, 'reader');
  const login = await page.request.post(staffPaths.login, { data: { email, password: STAFF_PASSWORD, code: code(secret, Date.now() + TOTP_PARAMETERS.period * 1000) }, headers });
  expect(login.status(), await login.text()).toBe(200);
  const inbox = (await (await page.request.get(`${staffPaths.applications}?q=${encodeURIComponent(username)}`)).json()) as InboxResponse;
  await page.goto(staffPages.application.replace(':id', inbox.rows[0]!.id));

  const application = page.getByRole('region', { name: 'Application', exact: true });
  await expect(application.getByRole('heading', { level: 2 })).toHaveText(['About You', 'Your Academics', 'Final Steps']);
  await expect(application.getByText('Applicant: Dorothy Vaughan')).toBeVisible();
  await expect(application.locator('input, select, textarea, button')).toHaveCount(0);
  // The page's own actions stay, outside the application.
  await expect(page.getByRole('button', { name: 'Download the application PDF' })).toBeVisible();

  const service = await page.context().newPage();
  await service.goto(serviceLink);
  const printed = service.getByRole('region', { name: 'Application', exact: true });
  await expect(printed.getByText('Applicant: Dorothy Vaughan')).toBeVisible();
  await expect(service.locator('input, select, textarea, button')).toHaveCount(0);
  expect(await application.innerText()).toBe(await printed.innerText());
  await service.close();
});
