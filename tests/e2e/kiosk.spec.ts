import type { Page } from '@playwright/test';
import { completeApplication } from '../../scripts/support/complete-application';
import { confirmedAccount, expect, expectAccessible, logIn, test } from './support/fixtures';
import { fixedAtTheBottom, shellCalls, smallTargets, standInForKioskShell } from './support/kiosk-shell';
import { KioskTerminal } from './support/kiosk-terminal';
import { walkTwoApplicants, WALK_SETTINGS } from './support/kiosk-walk';

/**
 * The renderer inside the campus kiosk, with a stand-in for the shell's preload (the Electron
 * binary cannot run here): touch-sized targets, no way back into the last visitor's account, the
 * shell's wipe after every logout, two applicants at one terminal (warned, saved, wiped), and
 * printing instead of downloading or leaving the application.
 */

const PRESENCE = 'gradapp-idp.presence';

/** The page's questions load lazily: measure once they are there. */
async function aboutYouShown(page: Page): Promise<void> {
  await expect(page.getByLabel('First Name', { exact: true })).toBeVisible();
  await expect(page.getByRole('radio').first()).toBeVisible();
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

const PRINTER_LOCATION = WALK_SETTINGS.printerLocation!;

for (const screen of [
  { name: 'landscape', width: 1920, height: 1080 },
  { name: 'portrait', width: 1080, height: 1920 },
]) {
  test.describe(`a touch screen in ${screen.name}, ${screen.width} by ${screen.height}`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height }, hasTouch: true });

    test('two applicants at one kiosk: A is warned, saved and wiped; B finds nothing of A and starts afresh', async ({ context, baseURL, playwright }) => {
      test.setTimeout(120_000);
      const terminal = await KioskTerminal.open(context, baseURL!, WALK_SETTINGS);
      await walkTwoApplicants(terminal, baseURL!, playwright);
    });
  });
}

test.describe('a touch screen in portrait, 1080 by 1920', () => {
  test.use({ viewport: { width: 1080, height: 1920 }, hasTouch: true });

  test('a submitted applicant prints instead of downloading, and no link leaves the application', async ({ context, page, request, baseURL }) => {
    const username = await confirmedAccount(request, baseURL!, 'kiosk-print');
    await standInForKioskShell(page, { printerLocation: PRINTER_LOCATION });
    await logIn(page, username);
    const headers = { origin: baseURL! };
    expect((await page.request.put('/api/answer', { data: completeApplication(), headers })).status()).toBe(200);
    expect((await page.request.post('/api/submit', { headers: { ...headers, 'content-type': 'application/json' } })).status()).toBe(200);

    const downloads: string[] = [];
    page.on('download', (download) => downloads.push(download.suggestedFilename()));

    await page.goto('/completion');
    const print = page.getByRole('button', { name: 'Print your application' });
    await expect(print).toBeEnabled({ timeout: 30_000 });
    // The button says where the printout comes out.
    await expect(print).toHaveAccessibleDescription(`Printouts come out at: ${PRINTER_LOCATION}.`);
    await expect(page.getByRole('link', { name: 'Download your application (PDF)' })).toHaveCount(0);
    await expect(page.locator('a[href*="/api/pdf/file/"], a[download], a[target="_blank"]')).toHaveCount(0);
    await expect(page.getByRole('listitem').filter({ hasText: 'Print a copy of your application for your records.' })).toHaveCount(1);
    expect(await smallTargets(page)).toEqual([]);
    expect(await fixedAtTheBottom(page)).toEqual([]);
    await expectAccessible(page);

    // Watched from here: axe opens a blank page of its own to put its results together.
    const opened: string[] = [];
    context.on('page', (other) => opened.push(other.url()));
    await print.tap();
    await expect(page.getByLabel('Print Notification')).toContainText(`sent to the printer. Please collect it before you leave. Printouts come out at: ${PRINTER_LOCATION}.`);
    expect(await fixedAtTheBottom(page)).toEqual([]);
    const calls = await shellCalls(page);
    expect(calls.map((call) => call.name)).toEqual(['printApplication']);
    const pdfUrl = String(calls[0]!.args[0]);
    expect(pdfUrl).toMatch(new RegExp(`^${baseURL!.replace(/[.]/g, '\\.')}/api/pdf/file/[^/?#]+$`));
    const file = await page.request.get(pdfUrl);
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // A link that would download the PDF prints it instead (a link a page or the office's text may hold).
    await page.evaluate((href) => {
      const link = Object.assign(document.createElement('a'), { href: `${href}?disposition=attachment`, textContent: 'Your application (PDF)' });
      link.setAttribute('download', '');
      document.querySelector('main')!.append(link);
    }, new URL(pdfUrl).pathname);
    await page.getByRole('link', { name: 'Your application (PDF)' }).tap();
    await expect.poll(async () => (await shellCalls(page)).map((call) => call.args[0])).toEqual([pdfUrl, pdfUrl]);

    // Off-site links (the fee), links to a new tab (the browsers' cookie help) and window.open stay here.
    await page.getByRole('link', { name: 'pay online' }).tap();
    await expect(page.getByLabel('Link Not Opened')).toContainText('This kiosk shows only the application.');
    await expect(page).toHaveURL(/\/completion$/);
    await page.getByRole('button', { name: 'Privacy Policy and Cookie Notice' }).tap();
    await page.getByRole('dialog', { name: 'Privacy Policy and Cookie Notice' }).getByRole('link').first().tap();
    expect(await page.evaluate(() => window.open('https://example.org/') === null)).toBe(true);
    await expect(page).toHaveURL(/\/completion$/);

    expect(downloads).toEqual([]);
    expect(opened).toEqual([]);
  });
});
