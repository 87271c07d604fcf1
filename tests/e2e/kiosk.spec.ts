import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiPaths } from '../../common/api';
import { completeApplication } from '../../scripts/support/complete-application';
import { completeSignUp, confirmedAccount, expect, expectAccessible, logIn, PASSWORD, storedAnswers, test, uniqueEmail } from './support/fixtures';
import { fixedAtTheBottom, shellCalls, smallTargets, standInForKioskShell } from './support/kiosk-shell';
import { browserTraces, KioskTerminal } from './support/kiosk-terminal';

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

// Seconds, not minutes: the times reach the page through the bridge, as a campus's configuration would.
const IDLE_MS = 8_000;
const COUNTDOWN_MS = 12_000;
const PRINTER_LOCATION = 'Room 104, beside the door';

/** An applicant's own view of what the server holds, from a session of their own (not the kiosk's). */
async function answersOf(request: APIRequestContext, origin: string, username: string): Promise<Record<string, unknown>> {
  const headers = { origin };
  expect((await request.post(apiPaths.login, { data: { username, password: PASSWORD }, headers })).status()).toBe(200);
  const response = await request.get(apiPaths.profile);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { answer: Record<string, unknown> }).answer;
}

const stillThere = (page: Page) => page.getByRole('alertdialog', { name: 'Still there?' });

test.describe('a touch screen in landscape, 1920 by 1080', () => {
  test.use({ viewport: { width: 1920, height: 1080 }, hasTouch: true });

  test('two applicants at one kiosk: A is warned, saved and wiped; B finds nothing of A and starts afresh', async ({ context, baseURL, playwright }) => {
    test.setTimeout(120_000);
    const terminal = await KioskTerminal.open(context, baseURL!, { idleMs: IDLE_MS, countdownMs: COUNTDOWN_MS, printerLocation: PRINTER_LOCATION });
    const a = { username: uniqueEmail('kiosk-a'), first: 'Adelaide', last: 'Quintrell', honor: 'Quintrell Medal for Botany' };

    // A types on the start page, saves (which asks for an account), signs up and is logged in.
    let page = terminal.page;
    await page.getByLabel('First Name', { exact: true }).fill(a.first);
    await page.getByLabel('Last Name', { exact: true }).fill(a.last);
    await page.getByRole('button', { name: 'Save', exact: true }).tap();
    await completeSignUp(page, a.username);
    await expect(page.getByRole('navigation', { name: 'Application pages' })).toBeVisible();
    await expect.poll(() => storedAnswers(page)).toMatchObject({ first_name: a.first, last_name: a.last });
    // A's application PDF is prepared meanwhile (asked for as the checklist asks): B must not reach it.
    const aPdfUrl = async () => ((await (await terminal.page.request.get(apiPaths.pdf)).json()) as { url?: string }).url ?? '';
    await aPdfUrl();

    // The second page: one answer typed, never saved.
    await page.getByRole('navigation', { name: 'Application pages' }).getByRole('link', { name: 'Your Academics' }).tap();
    await expect(page).toHaveURL(/\/education$/);
    await page.getByLabel('Honor or Award 1 (optional)', { exact: true }).fill(a.honor);
    expect((await storedAnswers(page)).honors_name).toBeUndefined();

    // A walks away: "Still there?" opens, announced, focus on the large "I'm still here", counting down.
    const dialog = stillThere(page);
    await expect(dialog).toBeVisible({ timeout: IDLE_MS + 5_000 });
    await expect(dialog).toHaveAccessibleDescription(/In 0:[01]\d your answers will be saved, you will be logged out/);
    await expect(dialog.getByRole('timer')).toHaveText(/^0:[01]\d$/);
    const stay = dialog.getByRole('button', { name: "I'm still here" });
    await expect(stay).toBeFocused();
    expect((await stay.boundingBox())!.height).toBeGreaterThanOrEqual(64);
    expect(await smallTargets(page)).toEqual([]);
    // axe on the dialog alone: the page under it is inert, and the countdown is running.
    const axe = await new AxeBuilder({ page }).include('[role="alertdialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    await stay.tap();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel('Honor or Award 1 (optional)', { exact: true })).toHaveValue(a.honor);
    // While A is away again (a server call is not A's input): the PDF's address, once it is ready.
    await expect.poll(aPdfUrl, { timeout: IDLE_MS }).toMatch(/\/api\/pdf\/file\//);
    const aPdf = await aPdfUrl();

    // A leaves again, for good: the countdown runs out, the kiosk saves, logs out, wipes, starts over.
    const reset = terminal.nextReset();
    await expect(dialog).toBeVisible({ timeout: IDLE_MS + 5_000 });
    const aPage = page;
    page = await reset;
    expect(terminal.calls.filter((call) => call.name === 'resetSession')).toHaveLength(1);
    await expect(page).toHaveURL(/\/about$/);
    expect(aPage.isClosed()).toBe(true);

    // Everything A typed is saved, the unsaved answer on the second page too (A's own session, elsewhere),
    // and A's application PDF is still there for A.
    const elsewhere = await playwright.request.newContext({ baseURL });
    expect(await answersOf(elsewhere, baseURL!, a.username)).toMatchObject({ first_name: a.first, last_name: a.last, honors_name: a.honor });
    expect((await elsewhere.get(aPdf)).status()).toBe(200);
    await elsewhere.dispose();

    // B walks up: no session, nothing of A anywhere the page or the browser could show.
    await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('');
    expect((await page.request.get(apiPaths.profile)).status()).toBe(401);
    expect(await context.cookies()).toEqual([]);
    const traces = await browserTraces(page);
    for (const secret of [a.username, a.first, a.last, a.honor]) expect(traces).not.toContain(secret);
    expect(JSON.parse(traces).databases).toEqual([]);
    // The page's history is the fresh page's own: back leads nowhere near A's pages.
    await page.goBack();
    expect(page.url()).toMatch(/^about:blank$|\/about$/);
    await page.goto('/about');
    expect((await page.request.get(aPdf)).status()).toBe(401);
    await expect(page.getByRole('button', { name: 'Account' })).not.toContainText(a.username);

    // B signs up and works as anyone would.
    const b = uniqueEmail('kiosk-b');
    await page.getByLabel('First Name', { exact: true }).fill('Bartholomew');
    await page.getByRole('button', { name: 'Save', exact: true }).tap();
    await completeSignUp(page, b);
    await expect(page.getByRole('navigation', { name: 'Application pages' })).toBeVisible();
    await expect.poll(() => storedAnswers(page)).toMatchObject({ first_name: 'Bartholomew' });
    const stored = await storedAnswers(page);
    expect(stored.last_name ?? '').toBe('');
    expect(stored.honors_name).toBeUndefined();
  });
});

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
