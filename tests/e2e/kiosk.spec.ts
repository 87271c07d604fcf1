import type { Page } from '@playwright/test';
import { completeApplication } from '../../scripts/support/complete-application';
import { confirmedAccount, expect, expectAccessible, logIn, test } from './support/fixtures';
import { shellCalls, smallTargets, standInForKioskShell } from './support/kiosk-shell';

/**
 * The renderer inside the campus kiosk, with a stand-in for the shell's preload (the Electron
 * binary cannot run here): touch-sized targets, no way back into the last visitor's account, the
 * shell's wipe after every logout, and printing instead of downloading.
 */

const PRESENCE = 'gradapp-idp.presence';

/** The page's questions load lazily: measure once they are there. */
async function aboutYouShown(page: Page): Promise<void> {
  await expect(page.getByLabel('First Name', { exact: true })).toBeVisible();
  await expect(page.getByRole('radio').first()).toBeVisible();
}

/** Inactivity times a deployment could choose, rewritten into the served index.html (as in inactivity.spec.ts). */
async function shortenInactivity(page: Page): Promise<void> {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const body = (await response.text())
      .replace('name="gradapp-inactivity-timeout-ms" content="900000"', 'name="gradapp-inactivity-timeout-ms" content="12000"')
      .replace('name="gradapp-inactivity-warning-ms" content="60000"', 'name="gradapp-inactivity-warning-ms" content="8000"');
    await route.fulfill({ response, body });
  });
}

test('a walk-in visitor gets touch-sized targets and no link into the last applicant\'s account', async ({ page }) => {
  await standInForKioskShell(page);
  await page.goto('/about');
  await expect(page.locator('html')).toHaveAttribute('data-shell', 'kiosk');
  const banner = page.getByRole('region', { name: /^Welcome to the / });
  await expect(banner).toBeVisible();
  await expect(banner).not.toContainText('Already started an application?');
  await expect(page.getByRole('link', { name: 'click here to log back in' })).toHaveCount(0);
  await aboutYouShown(page);
  expect(await smallTargets(page)).toEqual([]);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('dialog', { name: 'Account' }).getByRole('link', { name: 'Sign In' }).click();
  await expect(page.getByRole('region', { name: 'Log In' })).toBeVisible();
  expect(await smallTargets(page)).toEqual([]);
  await expectAccessible(page);
  expect(await shellCalls(page)).toEqual([]);
});

test('Log Out at the kiosk logs out on the server, then asks the shell to wipe the terminal', async ({ page, request, baseURL }) => {
  const username = await confirmedAccount(request, baseURL!, 'kiosk-logout');
  await standInForKioskShell(page);
  await logIn(page, username);
  await aboutYouShown(page);
  expect(await smallTargets(page)).toEqual([]);
  await expectAccessible(page);
  // The other pages' widgets: school search, uploads, tabs, repeated blocks.
  for (const [title, path] of [['Your Academics', /\/education$/], ['Final Steps', /\/final-steps$/]] as const) {
    await page.getByRole('navigation', { name: 'Application pages' }).getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expect(page.getByRole('radio').first()).toBeVisible();
    expect(await smallTargets(page), title).toEqual([]);
  }

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => shellCalls(page)).toHaveLength(1);
  const [reset] = await shellCalls(page);
  expect(reset?.name).toBe('resetSession');
  // Asked only once the server had ended the session and taken its cookies back.
  expect(reset?.cookie).not.toContain(PRESENCE);
  expect((await page.request.get('/api/profile')).status()).toBe(401);
});

test('the inactivity logout at the kiosk asks the shell to wipe too', async ({ page, request, baseURL }) => {
  const username = await confirmedAccount(request, baseURL!, 'kiosk-idle');
  await standInForKioskShell(page);
  await shortenInactivity(page);
  await logIn(page, username);
  const dialog = page.getByRole('dialog', { name: 'Still working?' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  expect(await smallTargets(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'No, log me out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => shellCalls(page)).toEqual([{ name: 'resetSession', args: [], cookie: expect.not.stringContaining(PRESENCE) }]);
});

test('a submitted applicant at the kiosk prints the application instead of downloading it', async ({ page, request, baseURL }) => {
  const username = await confirmedAccount(request, baseURL!, 'kiosk-print');
  await standInForKioskShell(page);
  await logIn(page, username);
  const headers = { origin: baseURL! };
  expect((await page.request.put('/api/answer', { data: completeApplication(), headers })).status()).toBe(200);
  expect((await page.request.post('/api/submit', { headers: { ...headers, 'content-type': 'application/json' } })).status()).toBe(200);

  const downloads: string[] = [];
  page.on('download', (download) => downloads.push(download.suggestedFilename()));

  await page.goto('/completion');
  const print = page.getByRole('button', { name: 'Print your application' });
  await expect(print).toBeEnabled();
  await expect(page.getByRole('link', { name: 'Download your application (PDF)' })).toHaveCount(0);
  await expect(page.locator('a[href*="/api/pdf/file/"], a[download], a[target="_blank"]')).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: 'Print a copy of your application for your records.' })).toHaveCount(1);
  expect(await smallTargets(page)).toEqual([]);
  await expectAccessible(page);

  // Watched from here: axe opens a blank page of its own to put its results together.
  const opened: string[] = [];
  page.context().on('page', (other) => opened.push(other.url()));
  await print.click();
  await expect(page.getByLabel('Print Notification')).toContainText('sent to the printer');
  const calls = await shellCalls(page);
  expect(calls.map((call) => call.name)).toEqual(['printApplication']);
  const pdfUrl = String(calls[0]!.args[0]);
  expect(pdfUrl).toMatch(new RegExp(`^${baseURL!.replace(/[.]/g, '\\.')}/api/pdf/file/[^/?#]+$`));
  const file = await page.request.get(pdfUrl);
  expect(file.status()).toBe(200);
  expect((await file.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  expect(downloads).toEqual([]);
  expect(opened).toEqual([]);
  await expect(page).toHaveURL(/\/completion$/);
});
