import { formPages } from '../../common/form/pages';
import { printItems } from '../../common/form/print-model';
import { completeApplication } from '../../scripts/support/complete-application';
import { confirmedAccount, expect, expectAccessible, logIn, test } from './support/fixtures';
import { continueToReview } from './support/review';

/**
 * Check your answers before Submit (issue 33 item 4), one journey: Final Steps continues to the
 * review page, which lists every answer; a Change link opens the question focused and Save returns
 * to the review; Submit there reaches /completion, which links to the answers read-only. The
 * review's details (conditions, "Not answered", documents by name) are proven in its unit tests.
 */
test('the review page lists every answer, Change returns to it, Submit from it completes, and /completion shows it read-only', async ({
  page,
  request,
  baseURL,
}) => {
  const username = await confirmedAccount(request, baseURL!, 'review');
  await logIn(page, username);
  const answers = completeApplication();
  expect((await page.request.put('/api/answer', { data: answers, headers: { origin: baseURL! } })).status()).toBe(200);
  await page.reload();
  await page.getByRole('navigation', { name: 'Application pages' }).getByRole('link', { name: 'Final Steps' }).click();
  await continueToReview(page).click();
  await expect(page).toHaveURL(/\/check-your-answers$/);

  // Every question on show, as the print model lists them, is a row; the answers read as given.
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2, name: 'Check Your Answers' })).toBeVisible();
  const questions = printItems(formPages, { answers, documents: {}, listEmptyUploads: true }).filter((item) => !['page', 'section', 'block'].includes(item.kind));
  await expect(main.locator('dt')).toHaveCount(questions.length);
  const row = (label: string) => main.locator('.summary-list__row').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) });
  await expect(row('First Name').locator('dd').first()).toHaveText('Ada');
  await expect(row('Date of Birth').locator('dd').first()).toHaveText('04/01/1990');
  await expect(row('Middle Name').locator('dd').first()).toHaveText('Not answered');
  await expect(main.getByRole('link', { name: /^Change / })).toHaveCount(questions.length);
  await expectAccessible(page);
  // Readable on a phone: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Change: the question's page opens with the question focused; its Save returns to the review.
  await main.getByRole('link', { name: 'Change First Name', exact: true }).click();
  await expect(page).toHaveURL(/\/about\?return=review#first_name$/);
  const firstName = page.getByRole('textbox', { name: 'First Name', exact: true });
  await expect(firstName).toBeFocused();
  await firstName.fill('Augusta');
  await page.getByRole('button', { name: 'Save and Return to Check Your Answers', exact: true }).click();
  await expect(page).toHaveURL(/\/check-your-answers$/);
  await expect(row('First Name').locator('dd').first()).toHaveText('Augusta');

  // Submit at the foot of the review reaches /completion.
  await main.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page).toHaveURL(/\/completion$/);
  await expect(page.getByLabel('Success Notification')).toContainText('Your application was successfully submitted.');

  // /completion links to the answers, read-only: no Change, no Submit.
  await page.getByRole('link', { name: 'View your answers', exact: true }).click();
  await expect(page).toHaveURL(/\/check-your-answers$/);
  await expect(main.getByRole('heading', { level: 2, name: 'Your Answers' })).toBeVisible();
  await expect(row('First Name').locator('dd')).toHaveText(['Augusta']);
  await expect(main.getByRole('link', { name: /^Change / })).toHaveCount(0);
  await expect(main.getByRole('button')).toHaveCount(0);
  await expectAccessible(page);
});
