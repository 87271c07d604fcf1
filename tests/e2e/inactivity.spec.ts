import { confirmedAccount, expect, expectAccessible, logIn, storedAnswers, test } from './support/fixtures';
import { shortenInactivity } from './support/inactivity';

const INACTIVITY_LOGOUT = 'You were automatically logged out due to inactivity. Please log in again to continue.';
// Warned 15 s after the last activity, logged out 20 s later: long enough for axe on a loaded
// machine (8 s was not, once), short enough to wait. The 15 s before the warning leave time to type
// after the login: with 4 s, on a machine busy on both cores, the warning once opened before the
// test typed, the page behind it was inert, and "Grace" never reached the field (no answer vanished).
const SHORT = { timeoutMs: 35_000, warningMs: 20_000 };

test('an idle applicant is asked Still working?, stays with Yes, and is logged out at the timeout with the answers saved', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const username = await confirmedAccount(request, baseURL!, 'idle');
  await shortenInactivity(page, SHORT);
  await logIn(page, username);

  // Typed, never saved by a click: only the inactivity logout can save it. Typed before the warning.
  const dialog = page.getByRole('dialog', { name: 'Still working?' });
  await page.getByLabel('First Name', { exact: true }).fill('Grace');
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Grace');
  await expect(dialog).toBeHidden();
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('button', { name: 'Yes, keep me logged in' })).toBeFocused();
  await expect(dialog.getByRole('timer')).toHaveText(/^0:[0-2]\d$/);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Yes, keep me logged in' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Grace');

  // This time nobody answers.
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/login$/, { timeout: 45_000 });
  await expect(page.getByText(INACTIVITY_LOGOUT)).toBeVisible();
  expect((await page.request.get('/api/profile')).status()).toBe(401);

  await logIn(page, username);
  expect((await storedAnswers(page)).first_name).toBe('Grace');
});

test('activity in another tab keeps this one logged in; a logout in one tab logs out the other', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  // Warned 12 s after the last activity: time enough to open the second tab first.
  const times = { timeoutMs: 20_000, warningMs: 8_000 };
  const username = await confirmedAccount(request, baseURL!, 'tabs');
  await shortenInactivity(page, times);
  await logIn(page, username);
  const other = await page.context().newPage();
  await shortenInactivity(other, times);
  await other.goto('/about');
  await expect(other.getByRole('heading', { level: 2, name: 'About You' })).toBeVisible();

  // Only the other tab is used, for longer than this one would wait before warning.
  for (let second = 0; second < 16; second += 1) {
    await other.mouse.move(10 + second * 5, 10);
    await other.keyboard.press('Shift');
    await other.waitForTimeout(1_000);
  }
  await expect(page.getByRole('dialog', { name: 'Still working?' })).toBeHidden();
  await expect(page).toHaveURL(/\/about$/);

  await other.getByRole('button', { name: 'Account' }).click();
  await other.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Log Out' }).click();
  await expect(other).toHaveURL(/\/login$/);
  await expect(page).toHaveURL(/\/login$/);
});

test('an inactivity logout without a connection logs the page out at once, and the server as soon as the connection returns', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const username = await confirmedAccount(request, baseURL!, 'idle-offline');
  await shortenInactivity(page, SHORT);
  await logIn(page, username);
  await page.context().setOffline(true);

  // Nobody answers Still working?, and the logout cannot reach the server.
  await expect(page).toHaveURL(/\/login$/, { timeout: 60_000 });
  await expect(page.getByText(INACTIVITY_LOGOUT)).toBeVisible();
  // The session cookie is the server's to end (HttpOnly): it is still alive there, but this page
  // no longer counts as logged in, and a reload would not either.
  expect((await page.request.get('/api/profile')).status()).toBe(200);
  expect(await page.evaluate(() => document.cookie)).not.toContain('.presence=');

  // Back online, the logout is sent: the next person at this browser is not let in.
  await page.context().setOffline(false);
  await expect.poll(async () => (await page.request.get('/api/profile')).status(), { timeout: 20_000 }).toBe(401);
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('gradapp.logout-pending'))).toBeNull();
});
