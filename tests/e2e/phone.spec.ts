import type { Locator, Page } from '@playwright/test';
import { apiPaths } from '../../common/api';
import { formPages } from '../../common/form/pages';
import { tenant } from '../../common/form/tenant';
import { dateGroup } from './support/dates';
import { confirmedAccount, expect, expectAccessible, logIn, test } from './support/fixtures';
import { continueToReview } from './support/review';

/**
 * Issue 26, items 2 to 4: the form on a phone (an iPhone's 390x844 screen, touch), in Chromium.
 * The same journeys run in Firefox and WebKit through tests/e2e-engines.
 */
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });

const SUCCESS_TOAST = { name: 'Success Notification' };
const ERROR_SUMMARY = 'Please fix the following before you submit';

/** A logged-in applicant called Ada on About You, every banner and panel of the spec showing. */
async function adaLoggedIn(page: Page, request: Parameters<typeof confirmedAccount>[0], baseURL: string, label: string) {
  const username = await confirmedAccount(request, baseURL, label);
  await logIn(page, username);
  const saved = await page.request.put(apiPaths.answer, { data: { first_name: 'Ada', last_name: 'Lovelace' }, headers: { origin: baseURL } });
  expect(saved.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome back, Ada' })).toBeVisible();
}

/** The page's first question: the element its key names (as the error links find it). */
function firstQuestion(page: Page, pageIndex: number): Locator {
  const key = formPages[pageIndex]!.sections[0]!.questions[0]!.key;
  return page.locator(`[id="${key}"]`);
}

/** Its first control: itself, or the first of its radios or checkboxes. */
function firstControl(page: Page, pageIndex: number): Locator {
  return firstQuestion(page, pageIndex)
    .locator('xpath=self::input | self::select | self::textarea | descendant::input')
    .first();
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

const intersects = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('the first question of every page is on the first screen, the banners and panels one line each that open in full', async ({ page, request, baseURL }) => {
  await adaLoggedIn(page, request, baseURL!, 'phone-first');
  const nav = page.getByRole('navigation', { name: 'Application pages' });
  for (const [index, formPage] of formPages.entries()) {
    if (index > 0) await nav.getByRole('link', { name: formPage.title }).click();
    await expect(page).toHaveURL(new RegExp(`${formPage.path}$`));
    await page.evaluate(() => window.scrollTo(0, 0));
    const control = firstControl(page, index);
    await expect(control).toBeVisible();
    const box = await boxOf(control);
    expect(box.y + box.height, `${formPage.title}: the first question's control's bottom`).toBeLessThanOrEqual(PHONE.height);
  }

  // Before submission (issue 33, item 3): a short welcome, and the list of what is left, one line that opens in full.
  await nav.getByRole('link', { name: 'About You' }).click();
  await expect(page.getByRole('region', { name: 'Welcome back, Ada' })).toContainText('check your answers and submit your application');
  await expect(page.getByText(/Congratulations|almost finished|resubmit/)).toHaveCount(0);
  const missing = page.getByRole('region', { name: /^Still to answer: \d+ questions$/ });
  await expect(missing.getByRole('link', { name: 'Date of Birth', exact: true })).toBeHidden();
  await missing.locator('summary').tap();
  await expect(missing.getByRole('link', { name: 'Date of Birth', exact: true })).toBeVisible();

  if (tenant.alert_banner && Date.parse(tenant.alert_banner.start) <= Date.now() && Date.now() < Date.parse(tenant.alert_banner.end)) {
    const notice = page.getByRole('status').filter({ hasText: tenant.alert_banner.message });
    await expect(notice).toBeVisible();
    const closed = await boxOf(notice);
    await notice.getByText(tenant.alert_banner.message).tap();
    expect((await boxOf(notice)).height).toBeGreaterThan(closed.height);
  }
  await expectAccessible(page);
});

test('a visitor finds the first question of About You on the first screen, the welcome one line that opens in full', async ({ page }) => {
  await page.goto('/about');
  const control = firstControl(page, 0);
  await expect(control).toBeVisible();
  const box = await boxOf(control);
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
  const welcome = page.getByRole('region', { name: `Welcome to the ${tenant.application_title}!` });
  await expect(welcome.getByRole('link', { name: 'click here to log back in' })).toBeHidden();
  await page.getByText(`Welcome to the ${tenant.application_title}!`).tap();
  await expect(welcome.getByRole('link', { name: 'click here to log back in' })).toBeVisible();
  await expect(welcome.getByText(tenant.benefits_text, { exact: false })).toBeVisible();
});

test('a refused Submit shows the error summary and no success toast; toasts stay clear of the Account button', async ({ page, request, baseURL }) => {
  await adaLoggedIn(page, request, baseURL!, 'phone-submit');
  await page.getByRole('button', { name: 'Save and Continue to Your Academics' }).tap();
  await expect(page).toHaveURL(/\/education$/);
  const toast = page.getByRole('status', SUCCESS_TOAST);
  await expect(toast).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  const account = await boxOf(page.getByRole('button', { name: 'Account' }));
  expect(intersects(await boxOf(toast), account), 'the toast covers the Account button').toBe(false);

  await page.getByRole('button', { name: 'Save and Continue to Final Steps' }).tap();
  await expect(page).toHaveURL(/\/final-steps$/);
  await expect(toast).toBeVisible();
  await continueToReview(page).tap();
  await expect(page.getByRole('heading', { name: ERROR_SUMMARY })).toBeVisible();
  // At once: the toast goes by itself a few seconds after it came.
  expect(await toast.count()).toBe(0);
});

test('every field is 16 px or more, every radio and checkbox 24x24 or more, and the tabs use the page font', async ({ page, request, baseURL }) => {
  await adaLoggedIn(page, request, baseURL!, 'phone-sizes');
  const nav = page.getByRole('navigation', { name: 'Application pages' });
  for (const formPage of formPages) {
    await nav.getByRole('link', { name: formPage.title }).click();
    await expect(page).toHaveURL(new RegExp(`${formPage.path}$`));
    await expect(firstQuestion(page, formPages.indexOf(formPage))).toBeVisible();
    const sizes = await page.evaluate(() => {
      const shown = (element: Element) => element.getClientRects().length > 0;
      const fields = [...document.querySelectorAll('main input:not([type=radio]):not([type=checkbox]):not([type=file]), main select, main textarea')].filter(shown);
      const targets = [...document.querySelectorAll('main input[type=radio], main input[type=checkbox], main .button, main [role=tab], header button')].filter(shown);
      return {
        fields: fields.length,
        smallFields: fields.filter((field) => parseFloat(getComputedStyle(field).fontSize) < 16).map((field) => `${field.id}: ${getComputedStyle(field).fontSize}`),
        smallTargets: targets
          .map((target) => ({ target, box: target.getBoundingClientRect() }))
          .filter(({ box }) => box.width < 24 || box.height < 24)
          .map(({ target, box }) => `${target.id || target.textContent}: ${box.width}x${box.height}`),
        tabFonts: [...document.querySelectorAll('main [role=tab]')].map((tab) => getComputedStyle(tab).fontFamily === getComputedStyle(document.body).fontFamily),
      };
    });
    expect(sizes.fields, formPage.title).toBeGreaterThan(0);
    expect(sizes.smallFields, `${formPage.title}: fields under 16 px`).toEqual([]);
    expect(sizes.smallTargets, `${formPage.title}: targets under 24x24`).toEqual([]);
    expect(sizes.tabFonts.every(Boolean), `${formPage.title}: tabs in the page font`).toBe(true);
  }
});

test('decimal fields get a keypad with ".", the SSN, phones and dates a numeric one, and the SSN its hyphens as typed', async ({ page, request, baseURL }) => {
  await adaLoggedIn(page, request, baseURL!, 'phone-keypads');
  for (const part of ['Month', 'Day', 'Year']) {
    await expect(dateGroup(page, 'Date of Birth').getByLabel(part, { exact: true })).toHaveAttribute('inputmode', 'numeric');
  }
  const ssn = page.getByRole('textbox', { name: 'Social Security Number' });
  await expect(ssn).toHaveAttribute('inputmode', 'numeric');
  await ssn.tap();
  await ssn.pressSequentially('123456789');
  await expect(ssn).toHaveValue('123-45-6789');
  await expect(page.getByRole('textbox', { name: 'Primary Phone' })).toHaveAttribute('type', 'tel');

  await page.getByRole('navigation', { name: 'Application pages' }).getByRole('link', { name: 'Your Academics' }).click();
  await expect(page.getByRole('textbox', { name: 'GPA', exact: true }).first()).toHaveAttribute('inputmode', 'decimal');
  await expect(page.getByRole('textbox', { name: 'Credits Earned', exact: true }).first()).toHaveAttribute('inputmode', 'decimal');
});

test('a date is typed as digits in a row, and a day the calendar lacks is named as soon as the applicant moves on', async ({ page, request, baseURL }) => {
  await adaLoggedIn(page, request, baseURL!, 'phone-date');
  const birth = dateGroup(page, 'Date of Birth');
  await birth.getByLabel('Month', { exact: true }).tap();
  await page.keyboard.type('02301990');
  await expect(birth.getByLabel('Year', { exact: true })).toBeFocused();
  await page.getByRole('radio', { name: 'Female' }).tap();
  await expect(birth.getByText('A valid date of birth is required')).toBeVisible();

  await birth.getByLabel('Day', { exact: true }).fill('');
  await birth.getByLabel('Day', { exact: true }).pressSequentially('14');
  await expect(birth.getByText('A valid date of birth is required')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save', exact: true }).tap();
  await expect.poll(async () => (await (await page.request.get(apiPaths.profile)).json()).answer.birth_date).toBe('1990-02-14');
});

test('the Help dialog uses the phone\'s width and keeps each e-mail address on one line', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('button', { name: 'Help', exact: true }).tap();
  const dialog = page.getByRole('dialog', { name: 'Help' });
  await expect(dialog).toBeVisible();
  expect((await boxOf(dialog)).width).toBeGreaterThanOrEqual(PHONE.width - 40);
  for (const address of [tenant.help_email, tenant.admissions_email]) {
    const lines = await dialog.getByRole('link', { name: address }).evaluate((link) => link.getClientRects().length);
    expect(lines, address).toBe(1);
  }
});
