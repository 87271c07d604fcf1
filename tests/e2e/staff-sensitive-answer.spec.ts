import type { Page } from '@playwright/test';
import { completeApplication } from '../../scripts/support/complete-application';
import { PASSWORD, confirmedAccount, expect, expectAccessible, test } from './support/fixtures';
import { enrolledStaff, logInAsStaff } from './support/staff';

const SSN = '219-09-9999';
const MASKED = '•••-••-9999';

async function staffLogin(page: Page, email: string, secret: string) {
  await logInAsStaff(page, email, secret);
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeFocused();
}

async function openApplication(page: Page, username: string, name: string) {
  await page.getByLabel('Name or e-mail').fill(username);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('row').filter({ hasText: username }).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
}

test('an admin sees the SSN masked, gives a reason, reads the full number, and the access log says who and why; a reader never gets the way', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const username = await confirmedAccount(request, baseURL!, 'staff-sensitive');
  const headers = { origin: baseURL! };
  expect((await request.post('/public/login', { data: { username, password: PASSWORD }, headers })).status()).toBe(200);
  const saved = await request.put('/api/answer', { data: { ...completeApplication(), first_name: 'Oluwaseun', last_name: 'Adebayo', ssn: SSN }, headers });
  expect(saved.status(), await saved.text()).toBe(200);
  expect((await request.post('/api/submit', { data: {}, headers })).status()).toBe(200);

  const admin = await enrolledStaff(request, baseURL!, 'admin');
  await staffLogin(page, admin.email, admin.secret);
  await openApplication(page, username, 'Oluwaseun Adebayo');
  const panel = page.getByRole('region', { name: 'Sensitive answers' });
  await expect(panel.getByRole('definition')).toContainText(MASKED);
  await expect(page.getByText(SSN)).toHaveCount(0);

  // The reason first: without one the server refuses and says so at the field, which keeps the focus.
  await panel.getByRole('button', { name: 'Show the full Social Security Number' }).click();
  const reason = panel.getByRole('textbox', { name: 'Why do you need the full value?' });
  await expect(reason).toBeFocused();
  await panel.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByRole('listitem')).toContainText('Say why you need the full value');
  await expect(page.getByText(SSN)).toHaveCount(0);
  await expectAccessible(page);
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/work/shots/main/staff-sensitive-reason-${width}.png` });
  }
  // On a phone the long e-mail addresses (the admin's in the header, the applicant's under the name) wrap instead of widening the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '/work/shots/main/staff-header-390.png' });
  await page.setViewportSize({ width: 1280, height: 900 });

  await reason.fill('Matching the financial aid record for the FAFSA');
  await panel.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(panel.getByRole('definition')).toContainText(SSN);
  await page.screenshot({ path: '/work/shots/main/staff-sensitive-shown-1280.png' });
  await panel.getByRole('button', { name: 'Hide' }).click();
  await expect(panel.getByRole('definition')).toContainText(MASKED);
  await expect(page.getByText(SSN)).toHaveCount(0);

  // The access log names the admin, the applicant, and the reason given.
  await page.getByRole('link', { name: 'Access log' }).click();
  await page.getByLabel('Applicant e-mail').fill(username);
  await page.getByRole('button', { name: 'Filter' }).click();
  const entries = page.getByRole('region', { name: 'Access log table' }).getByRole('row').filter({ hasText: 'sensitive-answer' });
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText(admin.email);
  await expect(entries).toContainText('Matching the financial aid record for the FAFSA');
  await page.getByRole('button', { name: 'Log out' }).click();

  // A reader sees the masked number in the answers and no way to the full one.
  const reader = await enrolledStaff(request, baseURL!, 'reader');
  await staffLogin(page, reader.email, reader.secret);
  await openApplication(page, username, 'Oluwaseun Adebayo');
  await expect(page.getByText(MASKED).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sensitive answers' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Show the full/ })).toHaveCount(0);
});
