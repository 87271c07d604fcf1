import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Cookie, Locator, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { apiPaths } from '../../../common/api';
import type { KioskSettings } from '../../../common/shell-bridge';
import { completeSignUp, expect, PASSWORD, storedAnswers, uniqueEmail } from './fixtures';
import { smallTargets } from './kiosk-shell';

/**
 * A kiosk the two-applicant walk runs at: the test's bridge in Playwright's Chromium
 * (kiosk-terminal.ts) or the Chromium kiosk launcher (kiosk-launcher-terminal.ts).
 */
export interface WalkTerminal {
  /** The page on screen now. */
  readonly page: Page;
  /** The fresh page on the start page after the next reset. */
  nextReset(): Promise<Page>;
  /** How many resets the renderer asked for (resetSession). */
  resetRequests(): number;
  /** Every cookie the browser on screen holds. */
  cookies(): Promise<Cookie[]>;
  /** A finger on the element. */
  tap(target: Locator): Promise<void>;
}

// Seconds, not minutes: the times reach the page through the bridge, as a campus's configuration would.
export const WALK_SETTINGS: KioskSettings = { idleMs: 8_000, countdownMs: 12_000, printerLocation: 'Room 104, beside the door' };

/** An applicant's own view of what the server holds, from a session of their own (not the kiosk's). */
async function answersOf(request: APIRequestContext, origin: string, username: string): Promise<Record<string, unknown>> {
  const headers = { origin };
  expect((await request.post(apiPaths.login, { data: { username, password: PASSWORD }, headers })).status()).toBe(200);
  const response = await request.get(apiPaths.profile);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { answer: Record<string, unknown> }).answer;
}

const stillThere = (page: Page) => page.getByRole('alertdialog', { name: 'Still there?' });

/**
 * Two applicants at one kiosk (issue 34 item 2): A is warned, stays, is warned again, and is saved,
 * logged out and wiped when the countdown runs out; B finds nothing of A and starts afresh.
 */
export async function walkTwoApplicants(terminal: WalkTerminal, baseURL: string, playwright: PlaywrightWorkerArgs['playwright']): Promise<void> {
  const { idleMs } = WALK_SETTINGS;
  const a = { username: uniqueEmail('kiosk-a'), first: 'Adelaide', last: 'Quintrell', honor: 'Quintrell Medal for Botany' };
  const at = (path: string) => new URL(path, baseURL).toString();

  // A types on the start page, saves (which asks for an account), signs up and is logged in.
  let page = terminal.page;
  await page.getByLabel('First Name', { exact: true }).fill(a.first);
  await page.getByLabel('Last Name', { exact: true }).fill(a.last);
  await terminal.tap(page.getByRole('button', { name: 'Save', exact: true }));
  await completeSignUp(page, a.username);
  await expect(page.getByRole('navigation', { name: 'Application pages' })).toBeVisible();
  await expect.poll(() => storedAnswers(page)).toMatchObject({ first_name: a.first, last_name: a.last });
  // A's application PDF is prepared meanwhile (asked for as the checklist asks): B must not reach it.
  const aPdfUrl = async () => ((await (await terminal.page.request.get(at(apiPaths.pdf))).json()) as { url?: string }).url ?? '';
  await aPdfUrl();

  // The second page: one answer typed, never saved.
  await terminal.tap(page.getByRole('navigation', { name: 'Application pages' }).getByRole('link', { name: 'Your Academics' }));
  await expect(page).toHaveURL(/\/education$/);
  await page.getByLabel('Honor or Award 1 (optional)', { exact: true }).fill(a.honor);
  expect((await storedAnswers(page)).honors_name).toBeUndefined();

  // A walks away: "Still there?" opens, announced, focus on the large "I'm still here", counting down.
  const dialog = stillThere(page);
  await expect(dialog).toBeVisible({ timeout: idleMs + 5_000 });
  await expect(dialog).toHaveAccessibleDescription(/In 0:[01]\d your answers will be saved, you will be logged out/);
  await expect(dialog.getByRole('timer')).toHaveText(/^0:[01]\d$/);
  const stay = dialog.getByRole('button', { name: "I'm still here" });
  await expect(stay).toBeFocused();
  expect((await stay.boundingBox())!.height).toBeGreaterThanOrEqual(64);
  expect(await smallTargets(page)).toEqual([]);
  // axe on the dialog alone: the page under it is inert, and the countdown is running.
  const axe = await new AxeBuilder({ page }).include('[role="alertdialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  await terminal.tap(stay);
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Honor or Award 1 (optional)', { exact: true })).toHaveValue(a.honor);
  // While A is away again (a server call is not A's input): the PDF's address, once it is ready.
  await expect.poll(aPdfUrl, { timeout: idleMs }).toMatch(/\/api\/pdf\/file\//);
  const aPdf = at(await aPdfUrl());

  // A leaves again, for good: the countdown runs out, the kiosk saves, logs out, wipes, starts over.
  const reset = terminal.nextReset();
  await expect(dialog).toBeVisible({ timeout: idleMs + 5_000 });
  const aPage = page;
  page = await reset;
  expect(terminal.resetRequests()).toBe(1);
  await expect(page).toHaveURL(/\/about$/);
  expect(aPage.isClosed()).toBe(true);

  // Everything A typed is saved, the unsaved answer on the second page too (A's own session, elsewhere),
  // and A's application PDF is still there for A.
  const elsewhere = await playwright.request.newContext({ baseURL });
  expect(await answersOf(elsewhere, baseURL, a.username)).toMatchObject({ first_name: a.first, last_name: a.last, honors_name: a.honor });
  expect((await elsewhere.get(aPdf)).status()).toBe(200);
  await elsewhere.dispose();

  // B walks up: no session, nothing of A anywhere the page or the browser could show.
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('');
  expect((await page.request.get(at(apiPaths.profile))).status()).toBe(401);
  expect(await terminal.cookies()).toEqual([]);
  const traces = await browserTraces(page);
  for (const secret of [a.username, a.first, a.last, a.honor]) expect(traces).not.toContain(secret);
  expect(JSON.parse(traces).databases).toEqual([]);
  // The page's history is the fresh page's own: back leads nowhere near A's pages.
  await page.goBack();
  expect(page.url()).toMatch(/^about:blank$|\/about$/);
  await page.goto(at('/about'));
  expect((await page.request.get(aPdf)).status()).toBe(401);
  await expect(page.getByRole('button', { name: 'Account' })).not.toContainText(a.username);

  // B signs up and works as anyone would.
  const b = uniqueEmail('kiosk-b');
  await page.getByLabel('First Name', { exact: true }).fill('Bartholomew');
  await terminal.tap(page.getByRole('button', { name: 'Save', exact: true }));
  await completeSignUp(page, b);
  await expect(page.getByRole('navigation', { name: 'Application pages' })).toBeVisible();
  await expect.poll(() => storedAnswers(page)).toMatchObject({ first_name: 'Bartholomew' });
  const stored = await storedAnswers(page);
  expect(stored.last_name ?? '').toBe('');
  expect(stored.honors_name).toBeUndefined();
}

/** Everything the page's own scripts can still find in this browser, for a search for the last applicant. */
async function browserTraces(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const storage = (store: Storage) => Object.fromEntries(Object.keys(store).map((key) => [key, store.getItem(key)]));
    const databases = (await indexedDB.databases()).map((database) => database.name);
    const cached: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        // The application's own assets are the same for everyone; anything else is read whole.
        const response = request.url.includes('/assets/') ? undefined : await cache.match(request);
        cached.push(`${request.url} ${response ? await response.text() : ''}`);
      }
    }
    return JSON.stringify({
      localStorage: storage(localStorage),
      sessionStorage: storage(sessionStorage),
      cookie: document.cookie,
      databases,
      cached,
      fields: [...document.querySelectorAll<HTMLInputElement>('input, textarea, select')].map((field) => field.value),
    });
  });
}
