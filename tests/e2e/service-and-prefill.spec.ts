import type { APIRequestContext, Page } from '@playwright/test';
import type { MintedTokenResponse } from '../../common/token-api';
import { PASSWORD, completeSignUp, confirmedAccount, expect, expectAccessible, logIn, storedAnswers, test, uniqueEmail } from './support/fixtures';

/** Mints a link through the admin endpoint, as staff tooling would. */
async function mint(request: APIRequestContext, path: string, data: unknown): Promise<MintedTokenResponse> {
  const response = await request.post(path, { data, headers: { authorization: `Bearer ${process.env.E2E_ADMIN_API_KEY}` } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as MintedTokenResponse;
}

/** Every drawn border (and any <hr>) inside the view's main landmark, named by element and side. */
function separatorsIn(page: Page): Promise<string[]> {
  return page.getByRole('main').evaluate((main) =>
    [main, ...main.querySelectorAll('*')].flatMap((element) => {
      const style = getComputedStyle(element);
      const name = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`;
      if (element.tagName === 'HR') return [`${name} (a rule)`];
      return (['Top', 'Right', 'Bottom', 'Left'] as const)
        .filter((side) => style.getPropertyValue(`border-${side.toLowerCase()}-style`) !== 'none' && parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0)
        .map((side) => `${name} border-${side.toLowerCase()}`);
    }),
  );
}

test('a service link shows the whole application read-only, in print style, with no controls', async ({ page, request, baseURL }) => {
  const username = await confirmedAccount(request, baseURL!, 'printed');
  const headers = { origin: baseURL! };
  expect((await request.post('/public/login', { data: { username, password: PASSWORD }, headers })).status()).toBe(200);
  const saved = await request.put('/api/answer', {
    data: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      gender: 'F',
      gender_desc: 'Female',
      previously_attend: 'N',
      previously_attend_desc: 'No',
      college_name: 'Towson University',
      college_name_2: 'Goucher College',
    },
    headers,
  });
  expect(saved.status(), await saved.text()).toBe(200);
  // Two colleges, so two repeated blocks meet in the print view.
  expect((await request.put('/api/add-another', { data: { button_id: 'college', num_components: 2 }, headers })).status()).toBe(200);

  const { url } = await mint(request, '/admin/service-tokens', { username, days: 1 });
  await page.goto(url);

  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['About You', 'Your Academics', 'Final Steps']);
  await expect(page.getByText('Applicant: Ada Lovelace')).toBeVisible();
  await expect(page.locator('input, select, textarea, button')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByText('Ada', { exact: true })).toBeVisible();
  await expect(page.getByText('Lovelace', { exact: true })).toBeVisible();
  await expect(page.getByText('[X]').first()).toBeVisible();
  await expect(page.getByText('[ ]').first()).toBeVisible();
  await expect(page.getByText('Goucher College')).toBeVisible();
  // No separators (spec platform section 1): no rule, frame or line anywhere in the view, on screen or on paper.
  expect(await separatorsIn(page)).toEqual([]);
  // Printing keeps the three pages and drops nothing of the application.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { name: 'Final Steps' })).toBeVisible();
  expect(await separatorsIn(page)).toEqual([]);
  await page.emulateMedia({ media: 'screen' });
  await expectAccessible(page);

  // A wrong link says so, and shows nothing of anyone's application.
  await page.goto(url.replace(/service_token=.{6}/, 'service_token=XXXXXX'));
  await expect(page.getByRole('alert')).toContainText('This service link is not valid.');
  await expect(page.getByRole('heading', { name: 'About You' })).toHaveCount(0);
});

test('a prefill link fills in a visitor\'s form, and the answers travel into the new account', async ({ page, request }) => {
  const { url } = await mint(request, '/admin/prefill-tokens', { answers: { first_name: 'Grace', last_name: 'Hopper' } });
  await page.goto(url);
  await expect(page.locator('#first_name')).toHaveValue('Grace');
  await expect(page.locator('#last_name')).toHaveValue('Hopper');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // The same page all along: a reload would forget what was typed, as it does for typed answers.
  await completeSignUp(page, uniqueEmail('prefilled'));
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator('#first_name')).toHaveValue('Grace');
  await expect.poll(() => storedAnswers(page)).toMatchObject({ first_name: 'Grace', last_name: 'Hopper' });
});

test('a bad prefill link shows an error toast and leaves the form empty; a logged-in applicant is not overwritten', async ({ page, request, baseURL }) => {
  await page.goto('/about?token=not-a-real-token');
  await expect(page.getByRole('status', { name: 'Prefill Link Error' })).toContainText('missing or malformed');
  await expect(page.locator('#first_name')).toHaveValue('');

  const username = await confirmedAccount(request, baseURL!, 'prefill-ignored');
  await logIn(page, username);
  const { url } = await mint(request, '/admin/prefill-tokens', { answers: { first_name: 'Mallory' } });
  await page.goto(url);
  await expect(page.getByRole('status', { name: 'Prefill Link Error' })).toContainText('You are logged in');
  await expect(page.locator('#first_name')).toHaveValue('');
});
