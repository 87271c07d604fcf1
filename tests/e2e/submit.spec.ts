import { validateAnswers } from '../../common/form/schema';
import { completeApplication } from '../../scripts/support/complete-application';
import { confirmedAccount, expect, expectAccessible, logIn, test } from './support/fixtures';
import { continueToReview, submitThroughReview } from './support/review';

const SUMMARY = 'Please fix the following before you submit';

test('an applicant submits with one answer missing, follows the summary to it, fixes it and submits', async ({
  page,
  request,
  baseURL,
}) => {
  const username = await confirmedAccount(request, baseURL!, 'submit');
  await logIn(page, username);

  // Before the submission nothing congratulates the applicant (issue 33, item 3).
  await expect(page.getByRole('heading', { name: 'About You' })).toBeVisible();
  await expect(page.getByText(/Congratulations/)).toHaveCount(0);

  // Everything answered but the signature, saved as the pages would save it.
  const { completion_signature: _signature, ...answers } = completeApplication();
  const [missing] = validateAnswers(answers).completion_signature ?? [];
  expect(missing).toBeTruthy();
  const saved = await page.request.put('/api/answer', { data: answers, headers: { origin: baseURL! } });
  expect(saved.status()).toBe(200);

  // A reload reads them; the stored last page (/about) is where the applicant starts again.
  await page.reload();
  await page.getByRole('navigation', { name: 'Application pages' }).getByRole('link', { name: 'Final Steps' }).click();
  await expect(page).toHaveURL(/\/final-steps$/);
  const submit = continueToReview(page);
  await expect(submit).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  await submit.click();

  // The page with the problem, this one, with the summary naming the one missing answer.
  await expect(page).toHaveURL(/\/final-steps$/);
  const summary = page.getByRole('region', { name: SUMMARY });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([missing!]);
  await summary.getByRole('link', { name: missing! }).click();
  await expect(page).toHaveURL(/\/final-steps#completion_signature$/);
  const signature = page.getByRole('textbox', { name: 'Signature', exact: true });
  await expect(signature).toBeFocused();
  await expect(page.getByText(missing!, { exact: true }).first()).toBeVisible();

  await signature.fill('Ada Lovelace');
  await submitThroughReview(page);

  await expect(page).toHaveURL(/\/completion$/);
  await expect(page.getByLabel('Success Notification')).toContainText('Your application was successfully submitted.');
  await expect(page.getByRole('heading', { name: 'Thanks, Ada', exact: true })).toBeVisible();
  await expect(page.getByText('Congratulations on completing the online portion of your application!')).toBeVisible();
  await expect(page.getByText('Take these last steps to finish up your application.')).toBeVisible();
  await expect(page.getByRole('heading', { name: "ADA, you're almost finished!" })).toBeVisible();
  // Submitted (issue 33, item 3): thanked, never told to fix and resubmit, no list of what is left.
  await expect(page.getByText(/resubmit/)).toHaveCount(0);
  await expect(page.getByRole('region', { name: /^Still to answer/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: /^Welcome/ })).toHaveCount(0);
  await expectAccessible(page);

  // The server holds the submission: the status is submitted and the answers are frozen.
  type Profile = { web_status: { web_status: string }[]; answer: Record<string, unknown> };
  const profile = (await (await page.request.get('/api/profile')).json()) as Profile;
  expect(profile.web_status.map((entry) => entry.web_status)).toEqual(['started', 'validating', 'submitted']);
  expect(profile.answer.completion_signature).toBe('Ada Lovelace');
  const refused = await page.request.put('/api/answer', { data: { first_name: 'Augusta' }, headers: { origin: baseURL! } });
  expect(refused.status()).toBe(409);

  // A submitted applicant is kept on /completion, and a reload shows no success message again.
  await page.goto('/about');
  await expect(page).toHaveURL(/\/completion$/);
  await expect(page.getByRole('heading', { name: 'Thanks, Ada', exact: true })).toBeVisible();
});
