import type { Locator, Page } from '@playwright/test';
import { tenant } from '../../common/form/tenant';
import { completeApplication } from '../../scripts/support/complete-application';
import { fillAboutYou } from './support/about-you';
import { confirmedAccount, expect, expectAccessible, logIn, PASSWORD, setWebStatus, storedAnswers, test } from './support/fixtures';
import { standInForKioskShell } from './support/kiosk-shell';
import { CONTINUE_TO_REVIEW } from './support/review';

/**
 * The smaller things a first-time applicant met (issue 17, item 6): the limits of long answers,
 * the login's message, the residence that repeats the permanent address, the page's buttons,
 * the repeated blocks' headings and the page tabs after submission.
 */

const pages = (page: Page) => page.getByRole('navigation', { name: 'Application pages' });

const answer = (scope: Page | Locator, question: string, choice: string) =>
  scope.getByRole('group', { name: question, exact: true }).getByLabel(choice, { exact: true }).check();

async function openFinalSteps(page: Page): Promise<void> {
  await pages(page).getByRole('link', { name: 'Final Steps' }).click();
  await expect(page).toHaveURL(/\/final-steps$/);
}

/** The box of an element, which must be on screen. */
async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element has a box').not.toBeNull();
  return found!;
}

/** How many lines an element's text takes, from the boxes of its text. */
function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
    return tops.size;
  });
}

test('every text area counts to the tenant\'s limit, and the server keeps what the counter allows', async ({ page, request, baseURL }) => {
  const username = await confirmedAccount(request, baseURL!, 'details-limits');
  await logIn(page, username);
  await openFinalSteps(page);
  const limit = tenant.character_limit;

  await answer(page, 'Are you applying for in-state tuition?', 'Yes');
  await answer(page, 'Who provides more than half of your financial support?', 'A parent or legal guardian');
  await answer(page, 'Did your supporter file a Maryland income tax return for last year?', 'No');
  const reason = page.getByRole('textbox', { name: 'Why did your supporter not file a Maryland income tax return?' });
  await expect(reason).toBeVisible();
  await expect(page.getByText(`Character count: 0 / ${limit}`)).toHaveCount(1);

  await answer(page, 'Have you ever been convicted of a crime other than a minor traffic violation, or are criminal charges pending against you?', 'Yes');
  await answer(page, 'Have you ever been suspended, dismissed or expelled from a school, college or university, or placed on disciplinary probation?', 'Yes');
  const conviction = page.getByRole('textbox', { name: 'Explanation of Conviction or Charges' });
  const suspension = page.getByRole('textbox', { name: 'Explanation of Disciplinary Action' });
  await expect(page.getByText(`Character count: 0 / ${limit}`)).toHaveCount(3);
  await expect(page.getByText(/Character count: \d+ \/ 1500/)).toHaveCount(0);
  await expectAccessible(page);

  // A full-length explanation: the field takes every character the counter names and no more.
  const full = 'Charges were dismissed. '.repeat(Math.ceil(limit / 24)).slice(0, limit);
  await conviction.fill(`${full}and more`);
  await expect(conviction).toHaveValue(full);
  await expect(page.getByText(`Character count: ${limit} / ${limit}`)).toBeVisible();
  await reason.fill(full);
  await suspension.fill('A semester of academic probation in 2015.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(async () => (await storedAnswers(page)).suspended_comment).toBe('A semester of academic probation in 2015.');

  await page.reload();
  await expect(conviction).toHaveValue(full);
  await expect(reason).toHaveValue(full);
  const stored = await storedAnswers(page);
  expect(stored.conviction_comment).toBe(full);
  expect(stored.maryland_provider_tax_return_reason).toBe(full);
});

test('the login\'s message is shown when the application opens', async ({ browser, page, request, baseURL }) => {
  const username = await confirmedAccount(request, baseURL!, 'details-login');
  const login = await request.post('/public/login', { data: { username, password: PASSWORD }, headers: { origin: baseURL! } });
  const { message } = (await login.json()) as { message: string };
  expect(message).not.toBe('');

  await logIn(page, username);
  const toast = page.getByRole('status', { name: 'Success Notification' });
  await expect(toast).toContainText(message);
  await expectAccessible(page);

  // A returning applicant is taken back to the last page, the message with them.
  await setWebStatus(page, baseURL!, 'started');
  await openFinalSteps(page);
  await expect.poll(async () => ((await (await page.request.get('/api/profile')).json()) as { last_page: string }).last_page).toBe('/final-steps');
  const again = await browser.newPage();
  await logIn(again, username);
  await expect(again).toHaveURL(/\/final-steps$/);
  await expect(again.getByRole('status', { name: 'Success Notification' })).toContainText(message);
  await again.close();
});

test('Your Residence can be the permanent address already given, kept as one answer', async ({ page, request, baseURL }) => {
  const username = await confirmedAccount(request, baseURL!, 'details-residence');
  await logIn(page, username);
  await fillAboutYou(page, { first: 'Rosa', last: 'Parks' });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(async () => (await storedAnswers(page)).city).toBe('Fairfax');
  await openFinalSteps(page);
  await answer(page, 'Are you applying for in-state tuition?', 'Yes');

  const residence = page.getByRole('region', { name: 'Your Residence' });
  const same = residence.getByRole('checkbox', { name: 'My residence is the same as my permanent address.' });
  await expect(same).not.toBeChecked();
  await expect(same).toHaveAccessibleDescription('The address you gave on About You: 4400 University Drive, Fairfax, Virginia 22030, United States.');
  await expect(residence.getByLabel('Address', { exact: true })).toBeVisible();
  await residence.getByLabel('Country', { exact: true }).selectOption({ label: 'United States' });
  await residence.getByLabel('City', { exact: true }).fill('Towson');

  // Checked: the address is not asked again; how long the applicant has lived there still is.
  await same.check();
  for (const label of ['Country', 'Address', 'City', 'State/Province']) {
    await expect(residence.getByLabel(label, { exact: true })).toHaveCount(0);
  }
  await expect(residence.getByRole('combobox', { name: 'ZIP/Postal Code' })).toHaveCount(0);
  await expect(residence.getByLabel('Years at This Address', { exact: true })).toBeVisible();
  await residence.getByLabel('Years at This Address', { exact: true }).fill('3');
  await residence.getByLabel('Months at This Address', { exact: true }).fill('0');
  await answer(residence, 'Have you lived at this address for the past 12 months or more?', 'Yes');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(async () => (await storedAnswers(page)).maryland_permanent_address_years).toBe('3');

  // One answer on the server, no copy that could drift from the About You page.
  const stored = await storedAnswers(page);
  expect(stored.maryland_permanent_same_as_perm_addr).toBe(true);
  expect(stored.maryland_permanent_country ?? null).toBeNull();
  expect(stored.maryland_permanent_city ?? null).toBeNull();
  expect(stored.maryland_permanent_address_years).toBe('3');

  // After a reload the choice is still made; unchecking asks for the address, empty.
  await page.reload();
  await expect(same).toBeChecked();
  await expect(residence.getByLabel('Address', { exact: true })).toHaveCount(0);
  await same.uncheck();
  await expect(residence.getByLabel('Address', { exact: true })).toHaveValue('');
  await expect(residence.getByLabel('City', { exact: true })).toHaveValue('');
  await expectAccessible(page);
});

/** Save beside Save and Continue (or Submit): one row, apart, labels on one line, at least `minimum` px each way. */
async function expectButtonRow(page: Page, next: string, minimum: number): Promise<void> {
  const save = page.getByRole('button', { name: 'Save', exact: true });
  const onward = page.getByRole('button', { name: next, exact: true });
  await onward.scrollIntoViewIfNeeded();
  const [left, right] = [await box(save), await box(onward)];
  expect(Math.abs(left.y - right.y), 'tops aligned').toBeLessThanOrEqual(1);
  expect(Math.abs(left.height - right.height), 'same height').toBeLessThanOrEqual(1);
  expect(right.x - (left.x + left.width), 'space between').toBeGreaterThanOrEqual(8);
  for (const button of [left, right]) {
    expect(button.height).toBeGreaterThanOrEqual(minimum);
    expect(button.width).toBeGreaterThanOrEqual(minimum);
  }
  expect(await linesOf(save)).toBe(1);
  expect(await linesOf(onward)).toBe(1);
}

test('Save and Save and Continue sit side by side, apart, each label on one line at 1280 px', async ({ page, request, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const username = await confirmedAccount(request, baseURL!, 'details-buttons');
  await logIn(page, username);
  await expectButtonRow(page, 'Save and Continue to Your Academics', 24);
  await pages(page).getByRole('link', { name: 'Your Academics' }).click();
  await expectButtonRow(page, 'Save and Continue to Final Steps', 24);
  await pages(page).getByRole('link', { name: 'Final Steps' }).click();
  await expectButtonRow(page, CONTINUE_TO_REVIEW, 24);
  await expectAccessible(page);

  // On a phone the row wraps instead of running off the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await pages(page).getByRole('link', { name: 'About You' }).click();
  const onward = page.getByRole('button', { name: 'Save and Continue to Your Academics' });
  await onward.scrollIntoViewIfNeeded();
  const { x, width } = await box(onward);
  expect(x + width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('at the kiosk the page\'s buttons are 44 px targets, apart and on one line', async ({ page, request, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const username = await confirmedAccount(request, baseURL!, 'details-kiosk-buttons');
  await standInForKioskShell(page);
  await logIn(page, username);
  await expect(page.locator('html')).toHaveAttribute('data-shell', 'kiosk');
  await expectButtonRow(page, 'Save and Continue to Your Academics', 44);
  await pages(page).getByRole('link', { name: 'Your Academics' }).click();
  await expectButtonRow(page, 'Save and Continue to Final Steps', 44);
  await expectAccessible(page);
});

test('each college block is headed by its title, above its fields and apart from the block before', async ({ page, request, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const username = await confirmedAccount(request, baseURL!, 'details-blocks');
  await logIn(page, username);
  await pages(page).getByRole('link', { name: 'Your Academics' }).click();
  await page.getByRole('button', { name: 'Add Another' }).click();
  const first = page.getByRole('group', { name: 'College 1' });
  const second = page.getByRole('group', { name: 'College 2' });
  await expect(second).toBeVisible();

  const labelSize = await first.locator('label').first().evaluate((label) => parseFloat(getComputedStyle(label).fontSize));
  for (const block of [first, second]) {
    const heading = block.getByRole('heading');
    // First in the reading order, and first on screen: above the first field, at its left edge.
    expect(await block.evaluate((element) => element.querySelector('h4, label, input, select, textarea, button')?.tagName)).toBe('H4');
    const [title, field] = [await box(heading), await box(block.getByRole('combobox').first())];
    expect(title.y + title.height).toBeLessThan(field.y);
    expect(Math.abs(title.x - field.x)).toBeLessThanOrEqual(1);
    // Read as a heading: larger than the labels of the fields beneath it.
    expect(await heading.evaluate((element) => parseFloat(getComputedStyle(element).fontSize))).toBeGreaterThan(labelSize);
  }

  // The second title belongs to the fields beneath it: it stands closer to them than to the last
  // field of College 1, with a rule between the blocks.
  const lastOfFirst = await box(first.locator('.field').last());
  const secondTitle = await box(second.getByRole('heading'));
  const secondField = await box(second.locator('.field').first());
  const gapAbove = secondTitle.y - (lastOfFirst.y + lastOfFirst.height);
  const gapBelow = secondField.y - (secondTitle.y + secondTitle.height);
  expect(gapAbove).toBeGreaterThanOrEqual(2 * gapBelow);
  expect(await second.evaluate((element) => parseFloat(getComputedStyle(element).borderTopWidth))).toBeGreaterThan(0);
  await expectAccessible(page);
});

test('after submission the page tabs are gone from /completion, not links back to it', async ({ page, request, baseURL }) => {
  const username = await confirmedAccount(request, baseURL!, 'details-completion');
  await logIn(page, username);
  await expect(pages(page).getByRole('link')).toHaveCount(3);
  const headers = { origin: baseURL! };
  expect((await page.request.put('/api/answer', { data: completeApplication(), headers })).status()).toBe(200);
  const submitted = await page.request.post('/api/submit', { headers: { ...headers, 'content-type': 'application/json' } });
  expect(submitted.status(), await submitted.text()).toBe(200);

  await page.goto('/completion');
  await expect(page).toHaveURL(/\/completion$/);
  await expect(page.getByRole('heading', { name: tenant.page_titles.completion })).toBeVisible();
  await expect(pages(page)).toHaveCount(0);
  for (const title of [tenant.page_titles.about, tenant.page_titles.education, tenant.page_titles.final_steps]) {
    await expect(page.getByRole('link', { name: title, exact: true })).toHaveCount(0);
  }
  await expectAccessible(page);
});
