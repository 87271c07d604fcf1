import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { type Answers } from '../../common/api';
import { staffPages } from '../../common/staff-pages';
import { type MintedTokenResponse } from '../../common/token-api';
import { formPages, paths } from '../../renderer/src/config/paths';
import { sampleDocx } from '../../scripts/support/documents';
import { completeApplication } from '../../scripts/support/complete-application';
import { PASSWORD, confirmedAccount, expect, expectAccessible, logIn, test } from './support/fixtures';
import { tempFile } from './support/files';
import { shortenInactivity } from './support/inactivity';
import { continueToReview } from './support/review';

/**
 * DESIGN section 8: axe on every route in every state, and on every modal while it is open. The
 * routes are read from the router's own table, so a route added there is swept here too (or this
 * file fails until it is).
 */

// The machine runs two workers and axe takes seconds on a long page: room for a loaded machine.
test.describe.configure({ timeout: 120_000 });

const SUMMARY = 'Please fix the following before you submit';
const routerSource = fs.readFileSync(path.resolve(import.meta.dirname, '../../renderer/src/app/router.tsx'), 'utf8');

/** The paths of the routes under the first layout element of the route table so named (`<FormRoot />`, `<AuthRoot preload={...} />`). */
function routesUnder(layout: string): string[] {
  const start = routerSource.search(new RegExp(`element: <${layout}[ />]`));
  expect(start, `${layout} in router.tsx`).toBeGreaterThan(-1);
  const block = routerSource.slice(start, routerSource.indexOf(']', start));
  return [...block.matchAll(/path: paths\.(\w+)/g)].map(([, name]) => paths[name as keyof typeof paths]);
}

const lazyPagesSource = fs.readFileSync(path.resolve(import.meta.dirname, '../../renderer/src/app/lazy-pages.ts'), 'utf8');

/** The form's routes: FormRoot's children are the form's screens, listed once in lazy-pages.ts (`formScreens`). */
function formScreenRoutes(): string[] {
  expect(routesUnder('FormRoot'), 'FormRoot takes its routes from formScreens').toEqual([]);
  expect(routerSource).toMatch(/element: <FormRoot \/>,\s*children: formScreens\.map\(/);
  const start = lazyPagesSource.indexOf('export const formScreens');
  expect(start, 'formScreens in lazy-pages.ts').toBeGreaterThan(-1);
  const block = lazyPagesSource.slice(start, lazyPagesSource.indexOf('] as const', start));
  return [...block.matchAll(/\[paths\.(\w+), pages\.\w+\]/g)].map(([, name]) => paths[name as keyof typeof paths]);
}

const formRoutes = formScreenRoutes();
const authRoutes = routesUnder('AuthRoot');
/**
 * The form routes an applicant edits; /completion is the submitted applicant's, and the review of
 * the answers (issue 33 item 4) is checked by axe in its own journey (review.spec.ts), both modes.
 */
const editableRoutes = formRoutes.filter((route) => route !== paths.completion && route !== paths.review);

/** What a route needs in its query string to show its content rather than an empty card. */
const authQueries: Partial<Record<string, string>> = { [paths.reset]: '?username=a%40b.edu&id=x' };

/** The title of the screen on a route, so axe runs once its lazy content is in. */
function screenHeading(page: Page, name?: string) {
  return page.getByRole('main').getByRole('heading', { level: 2, ...(name ? { name, exact: true } : {}) }).first();
}

async function sweep(page: Page, route: string, heading?: string): Promise<void> {
  await page.goto(route);
  await expect(screenHeading(page, heading)).toBeVisible();
  await expectAccessible(page);
}

/** The pages of the navigation, by path, as the form definition names them. */
const pageTitles = new Map<string, string>(formPages.map((page) => [page.path, page.title]));

async function goTo(page: Page, route: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Application pages' }).getByRole('link', { name: pageTitles.get(route) }).click();
  await expect(page).toHaveURL(new RegExp(`${route}$`));
  await expect(screenHeading(page, pageTitles.get(route))).toBeVisible();
}

/** The footer's two dialogs and the account popover, each checked while open. */
async function sweepLayoutDialogs(page: Page, { accountMenu }: { accountMenu: boolean }): Promise<void> {
  for (const name of ['Help', 'Privacy Policy and Cookie Notice']) {
    await page.getByRole('contentinfo').getByRole('button', { name }).click();
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  }
  if (accountMenu) {
    await page.getByRole('button', { name: 'Account' }).click();
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeHidden();
  }
}

async function saveAnswers(page: Page, baseURL: string, answers: Answers): Promise<void> {
  const saved = await page.request.put('/api/answer', { data: answers, headers: { origin: baseURL } });
  expect(saved.status(), await saved.text()).toBe(200);
}

/**
 * Half an application that opens every conditional part it can (a permanent resident with a
 * separate mailing address and military service, a returning student in the MBA with its essays
 * and the GMAT, the in-state questionnaire of a dependent who moved lately, a conviction and a
 * suspension), with most of what those parts then ask left unanswered.
 */
const OPEN_EVERYTHING: Answers = {
  first_name: 'Ada',
  citizenship_type: '2',
  mailing_addr_same_as_perm_addr: false,
  country: 'USA',
  military_status_specified: 'VE',
  previously_attend: 'Y',
  college_name: 'Towson University',
  college_degree: 'BD',
  campus_preferrence: 'M',
  applied_major: 'MBA',
  gmat_taken: 'Y',
  instate_tuition: 'Y',
  maryland_financially_ind_dep: 'Y',
  maryland_provider_tax_return_filed: 'N',
  maryland_veteran: 'Y',
  maryland_resided_12_months: 'N',
  conviction: 'Y',
  suspended: 'Y',
};

test('the sweep covers every route of the router', () => {
  const declared = [...routerSource.matchAll(/path: ([^,}]+)/g)].map(([, value]) => value!.trim());
  // The staff pages (issue 19) are swept in staff.spec.ts, each with axe, as a signed-in officer.
  const staffRoutes = declared.filter((value) => value.startsWith('staffPages.'));
  expect(staffRoutes.map((value) => staffPages[value.slice('staffPages.'.length) as keyof typeof staffPages]).sort()).toEqual(Object.values(staffPages).sort());
  expect(declared.filter((value) => !value.startsWith('paths.') && !value.startsWith('staffPages.'))).toEqual(["'*'"]);
  // The recommender's page (issue 28 item 2) needs a live mailed link: recommendations.spec.ts runs axe on it.
  // Delete my account (issue 35 item 4) needs a logged-in applicant: account-data.spec.ts runs axe on it in both wordings.
  expect([...formRoutes, ...authRoutes, paths.recommend, paths.deleteAccount].sort()).toEqual(Object.values(paths).sort());
  expect(routerSource).toContain('path: paths.recommend');
  expect(routerSource).toContain('path: paths.deleteAccount');
  expect(formRoutes).toContain(paths.completion);
  expect(editableRoutes).toEqual(formPages.map((page) => page.path));
});

for (const route of editableRoutes) {
  test(`a visitor on ${route}`, async ({ page }) => {
    await sweep(page, route, pageTitles.get(route));
  });
}

test('a visitor: /completion opens the default route; the footer dialogs and the account menu', async ({ page }) => {
  // A visitor has nothing submitted, so /completion is never shown to one.
  await page.goto(paths.completion);
  await expect(page).toHaveURL(/\/about$/);
  await expect(screenHeading(page, 'About You')).toBeVisible();
  await sweepLayoutDialogs(page, { accountMenu: true });
});

for (const route of authRoutes) {
  test(`a visitor on ${route}, empty and with its validation messages`, async ({ page }) => {
    await sweep(page, route + (authQueries[route] ?? ''));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('main').locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectAccessible(page);
  });
}

test('the footer dialogs over an auth card', async ({ page }) => {
  await sweep(page, paths.login);
  await sweepLayoutDialogs(page, { accountMenu: false });
});

for (const route of editableRoutes) {
  test(`a logged-in applicant on ${route}, empty and with every conditional part open`, async ({ page, request, baseURL }) => {
    const username = await confirmedAccount(request, baseURL!, 'a11y-logged-in');
    await logIn(page, username);
    await goTo(page, route);
    await expectAccessible(page);

    await saveAnswers(page, baseURL!, OPEN_EVERYTHING);
    await page.reload();
    await goTo(page, route);
    await expectAccessible(page);
  });

  test(`validating with errors on ${route}, after a submit with answers missing`, async ({ page, request, baseURL }) => {
    const username = await confirmedAccount(request, baseURL!, 'a11y-validating');
    await logIn(page, username);
    await saveAnswers(page, baseURL!, OPEN_EVERYTHING);
    await page.reload();
    await goTo(page, paths.finalSteps);
    await continueToReview(page).click();
    await expect(page.getByRole('region', { name: SUMMARY })).toBeFocused();
    await expect(page).toHaveURL(/\/final-steps$/);

    await goTo(page, route);
    await expect(page.getByRole('region', { name: SUMMARY })).toBeVisible();
    await expect(page.getByRole('main').locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectAccessible(page);
  });
}

test('a logged-in applicant: the footer dialogs and the account menu', async ({ page, request, baseURL }) => {
  const username = await confirmedAccount(request, baseURL!, 'a11y-dialogs');
  await logIn(page, username);
  await sweepLayoutDialogs(page, { accountMenu: true });
});

test('a submitted applicant: the completion page once the PDF is ready', async ({ page, request, baseURL }) => {
  const username = await confirmedAccount(request, baseURL!, 'a11y-completion');
  await logIn(page, username);
  await saveAnswers(page, baseURL!, completeApplication());
  const submitted = await page.request.post('/api/submit', { headers: { origin: baseURL!, 'content-type': 'application/json' } });
  expect(submitted.status(), await submitted.text()).toBe(200);

  // Every form route keeps a submitted applicant on /completion (the review of the answers, read-only, aside).
  for (const route of formRoutes.filter((path) => path !== paths.review)) {
    await page.goto(route);
    await expect(page).toHaveURL(/\/completion$/);
  }
  await expect(screenHeading(page)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download your application (PDF)' })).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);
});

/** A read-only link to a whole application (with every conditional part open), minted as staff tooling would. */
async function serviceLink(request: APIRequestContext, baseURL: string): Promise<string> {
  const username = await confirmedAccount(request, baseURL, 'a11y-service');
  const headers = { origin: baseURL };
  expect((await request.post('/public/login', { data: { username, password: PASSWORD }, headers })).status()).toBe(200);
  expect((await request.put('/api/answer', { data: { ...completeApplication(), ...OPEN_EVERYTHING }, headers })).status()).toBe(200);
  const response = await request.post('/admin/service-tokens', {
    data: { username, days: 1 },
    headers: { authorization: `Bearer ${process.env.E2E_ADMIN_API_KEY}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return new URL(((await response.json()) as MintedTokenResponse).url).search;
}

for (const route of formRoutes) {
  test(`the staff service view on ${route}`, async ({ page, request, baseURL }) => {
    await page.goto(route + (await serviceLink(request, baseURL!)));
    await expect(page.getByText('Applicant: Ada Lovelace')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([...pageTitles.values()]);
    await expectAccessible(page);
  });
}

test('the staff service view of a wrong link', async ({ page, request, baseURL }) => {
  const search = await serviceLink(request, baseURL!);
  await page.goto(paths.about + search.replace(/service_token=.{6}/, 'service_token=XXXXXX'));
  await expect(page.getByRole('alert')).toContainText('This service link is not valid.');
  await expectAccessible(page);
});

/** Your Academics with the MBA, whose resume is asked for, on its upload tab. */
async function openResumeUpload(page: Page, request: APIRequestContext, baseURL: string, label: string) {
  const username = await confirmedAccount(request, baseURL, label);
  await logIn(page, username);
  await saveAnswers(page, baseURL, { campus_preferrence: 'M', applied_major: 'MBA' });
  await page.reload();
  await goTo(page, paths.education);
  const resume = page.getByRole('region', { name: 'Resume', exact: true });
  await resume.getByRole('tab', { name: 'Upload a document' }).click();
  await expect(resume.getByRole('tab', { name: 'Upload a document' })).toHaveAttribute('aria-selected', 'true');
  return resume;
}

test('the Delete File dialog', async ({ page, request, baseURL }) => {
  const resume = await openResumeUpload(page, request, baseURL!, 'a11y-delete');
  await resume.getByLabel('Upload your Resume').setInputFiles(tempFile('resume.docx', sampleDocx()));
  await expect(resume.getByText('resume.docx')).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);
  await resume.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete File' })).toBeVisible();
  await expectAccessible(page);
});

test('the File Upload in Progress dialog', async ({ page, request, baseURL }) => {
  const resume = await openResumeUpload(page, request, baseURL!, 'a11y-in-progress');
  // The upload's first request is never answered, so it stays under way while the applicant switches tabs.
  await page.route('**/api/presigned-url', () => {});
  await resume.getByLabel('Upload your Resume').setInputFiles(tempFile('resume.docx', sampleDocx()));
  await expect(resume.getByRole('status').filter({ hasText: 'Uploading…' })).toBeAttached();
  await expectAccessible(page);
  await resume.getByRole('tab', { name: 'Type it here' }).click();
  await expect(page.getByRole('dialog', { name: 'File Upload in Progress' })).toBeVisible();
  await expectAccessible(page);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('the Still working? dialog', async ({ page, request, baseURL }) => {
  const username = await confirmedAccount(request, baseURL!, 'a11y-idle');
  // Warned 2 s after the last activity; the logout is far enough off for axe to finish first.
  await shortenInactivity(page, { timeoutMs: 40_000, warningMs: 38_000 });
  await logIn(page, username);
  const dialog = page.getByRole('dialog', { name: 'Still working?' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Yes, keep me logged in' }).click();
  await expect(dialog).toBeHidden();
});

test('the Unexpected Error dialog', async ({ page, request, baseURL }) => {
  const username = await confirmedAccount(request, baseURL!, 'a11y-unexpected');
  await logIn(page, username);
  // A logout that never reaches the server is the one failure the spec sends to this dialog.
  await page.route('**/api/logout', (route) => route.abort('connectionfailed'));
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Log Out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unexpected Error' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("We've encountered an unexpected error at this time. Please try again later.");
  await expectAccessible(page);
});
