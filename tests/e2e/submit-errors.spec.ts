import type { Page } from '@playwright/test';
import type { Answers } from '../../common/api';
import { validateAnswers } from '../../common/form/schema';
import { completeApplication } from '../../scripts/support/complete-application';
import { confirmedAccount, expect, expectAccessible, logIn, test } from './support/fixtures';
import { continueToReview, submitThroughReview } from './support/review';

// Issue 17, item 2: after Submit the applicant has one place to look, on the page with the problem.
const SUMMARY = 'Please fix the following before you submit';
const MISSING = /^Still to answer: \d+ questions?$/;

/** Logs a new applicant in with these answers saved, as the pages would save them, and opens Final Steps. */
async function applicantOnFinalSteps(page: Page, request: Parameters<typeof confirmedAccount>[0], baseURL: string, label: string, answers: Answers) {
  const username = await confirmedAccount(request, baseURL, label);
  await logIn(page, username);
  const saved = await page.request.put('/api/answer', { data: answers, headers: { origin: baseURL } });
  expect(saved.status()).toBe(200);
  await page.reload();
  await page.getByRole('navigation', { name: 'Application pages' }).getByRole('link', { name: 'Final Steps' }).click();
  await expect(page).toHaveURL(/\/final-steps$/);
}

/** The message the form gives for this unanswered key, word for word. */
function messageFor(answers: Answers, key: string): string {
  const [message] = validateAnswers(answers)[key] ?? [];
  expect(message, key).toBeTruthy();
  return message!;
}

/** Every link on the page to a question (/<page>#<key>), each of which must appear once. */
async function questionLinks(page: Page): Promise<string[]> {
  return page.locator('a[href*="#"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

async function expectEachQuestionListedOnce(page: Page) {
  const hrefs = await questionLinks(page);
  expect(hrefs.length).toBeGreaterThan(0);
  expect(hrefs).toEqual([...new Set(hrefs)]);
  await expect(page.getByRole('heading', { name: MISSING })).toHaveCount(0);
}

test('Submit with only the signature missing stays on Final Steps, with one list, focused and announced', async ({ page, request, baseURL }) => {
  const { completion_signature: _signature, ...answers } = completeApplication();
  const missing = messageFor(answers, 'completion_signature');
  await applicantOnFinalSteps(page, request, baseURL!, 'submit-errors-here', answers);

  // Before the first submit the missing-information panel is the list of what is left.
  const panel = page.getByRole('region', { name: MISSING });
  await panel.locator('summary').click();
  await expect(panel.getByRole('link', { name: 'Signature', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: SUMMARY })).toHaveCount(0);

  await continueToReview(page).click();

  const summary = page.getByRole('region', { name: SUMMARY });
  await expect(summary).toBeFocused();
  await expect(page).toHaveURL(/\/final-steps$/);
  await expect(summary.getByRole('alert')).toContainText(SUMMARY);
  await expect(summary.getByRole('heading', { level: 3 })).toHaveText(['Final Steps']);
  await expect(summary.getByRole('link')).toHaveText([missing]);
  await expect(summary.getByRole('link')).toHaveAttribute('href', '/final-steps#completion_signature');
  await expectEachQuestionListedOnce(page);
  // The question itself says what is wrong, in the same words.
  await expect(page.locator('#completion_signature-errors')).toHaveText(missing);
  await expectAccessible(page);

  // The link lands on the field; answering it and submitting again completes the application.
  await summary.getByRole('link', { name: missing }).click();
  const signature = page.getByRole('textbox', { name: 'Signature', exact: true });
  await expect(signature).toBeFocused();
  await signature.fill('Ada');
  await expect(page.getByRole('region', { name: SUMMARY })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: MISSING })).toHaveCount(0);
  // Emptied again, the summary is back, but the applicant keeps typing in the field.
  await signature.press('Control+A');
  await signature.press('Backspace');
  await expect(page.getByRole('region', { name: SUMMARY })).toBeVisible();
  await page.keyboard.type('Ada Lovelace');
  await expect(signature).toBeFocused();
  await expect(signature).toHaveValue('Ada Lovelace');
  await submitThroughReview(page);
  await expect(page).toHaveURL(/\/completion$/);
  await expect(page.getByLabel('Success Notification')).toContainText('Your application was successfully submitted.');
});

test('Submit lists every page’s problems, stays while Final Steps has one, then goes to the first page that has', async ({
  page,
  request,
  baseURL,
}) => {
  const { completion_signature: _signature, first_name: _first, ...answers } = completeApplication();
  const signatureMissing = messageFor(answers, 'completion_signature');
  const firstNameMissing = messageFor(answers, 'first_name');
  await applicantOnFinalSteps(page, request, baseURL!, 'submit-errors-pages', answers);
  const submit = continueToReview(page);
  await submit.click();

  // A problem here and one on About You: the applicant stays, and the summary names both pages.
  const summary = page.getByRole('region', { name: SUMMARY });
  await expect(summary).toBeFocused();
  await expect(page).toHaveURL(/\/final-steps$/);
  await expect(summary.getByRole('heading', { level: 3 })).toHaveText(['About You', 'Final Steps']);
  await expect(summary.getByRole('link')).toHaveText([firstNameMissing, signatureMissing]);
  await expect(summary.getByRole('link', { name: firstNameMissing })).toHaveAttribute('href', '/about#first_name');
  await expectEachQuestionListedOnce(page);
  await expectAccessible(page);

  // The signature answered, a second Submit: nothing is wrong here any more, so About You, where
  // the summary has focus again and the first name is the one problem left.
  await page.getByRole('textbox', { name: 'Signature', exact: true }).fill('Ada Lovelace');
  await expect(summary.getByRole('link')).toHaveText([firstNameMissing]);
  await submit.click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('alert')).toContainText(SUMMARY);
  await expect(summary.getByRole('heading', { level: 3 })).toHaveText(['About You']);
  await expect(summary.getByRole('link')).toHaveText([firstNameMissing]);
  await expect(page.getByRole('heading', { name: 'About You', level: 2 })).toBeVisible();
  await expect(page.locator('#first_name-errors')).toHaveText(firstNameMissing);
  await expectEachQuestionListedOnce(page);
  await expectAccessible(page);
});
