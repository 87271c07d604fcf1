import { completeApplication } from '../../scripts/support/complete-application';
import { buildPdf } from '../../scripts/support/documents/pdf';
import { tempFile } from './support/files';
import { confirmedAccount, expect, expectAccessible, logIn, test, uniqueEmail, waitForRecommendLink } from './support/fixtures';

const LETTER = 'I have supervised Ada for two years; her analytical engine notes are remarkable.';

test('a submitted applicant names a recommender, who starts a letter (kept through a reload), then sends a file instead, the second one chosen; the applicant sees it received, without its text', async ({ page, request, baseURL, browser }) => {
  // Two browsers, a mailed link and four axe runs: about 25 s alone, past the 60 s default beside another worker on two cores.
  test.setTimeout(150_000);
  const username = await confirmedAccount(request, baseURL!, 'letters');
  await logIn(page, username);
  const headers = { origin: baseURL! };
  expect((await page.request.put('/api/answer', { data: completeApplication(), headers })).status()).toBe(200);
  expect((await page.request.post('/api/submit', { headers: { ...headers, 'content-type': 'application/json' } })).status()).toBe(200);

  // The applicant names a recommender on /completion.
  await page.goto('/completion');
  const letters = page.getByRole('region', { name: 'Letters of recommendation' });
  await expect(letters).toContainText('accepts up to 2');
  const address = uniqueEmail('recommender');
  await letters.getByLabel('Name').fill('Grace Hopper');
  await letters.getByLabel('E-mail').fill(address);
  await letters.getByLabel('Relationship').fill('Thesis advisor');
  await letters.getByRole('button', { name: 'Send the invitation' }).click();
  const item = letters.getByRole('listitem', { name: 'Grace Hopper' });
  await expect(item).toContainText('Invited');
  await expectAccessible(page);

  // The recommender opens the mailed link in a browser of their own: no account, no session.
  const link = await waitForRecommendLink(address, baseURL!);
  const recommenderContext = await browser.newContext();
  const recommender = await recommenderContext.newPage();
  await recommender.goto(link);
  await expect(recommender.getByRole('heading', { name: 'A letter of recommendation for Ada Lovelace' })).toBeVisible();
  await expect(recommender.getByText(/has waived the right to read your letter/)).toBeVisible();
  await expectAccessible(recommender);
  await recommender.getByLabel('Your letter', { exact: true }).fill(LETTER);
  await expect(recommender.getByText(`${LETTER.length} of 15,000 characters`)).toBeVisible();
  // Issue 33, item 6: the typed letter is a draft kept in this browser; the button fits its label on a phone.
  await recommender.reload();
  await expect(recommender.getByLabel('Your letter', { exact: true })).toHaveValue(LETTER);
  await recommender.setViewportSize({ width: 390, height: 844 });
  const sendLetter = recommender.getByRole('button', { name: 'Send the letter' });
  expect(await sendLetter.evaluate((button) => button.scrollWidth <= button.clientWidth && button.getBoundingClientRect().height < 60)).toBe(true);

  // A file chosen is named and not sent; Choose another replaces it; Send sends the second.
  const first = tempFile('first-draft.pdf', await buildPdf(['A first draft.']));
  const second = tempFile('signed-letter.pdf', await buildPdf(['I recommend Ada Lovelace without reservation.']));
  await recommender.getByLabel('Your letter as a file', { exact: true }).setInputFiles(first);
  const chosen = recommender.getByRole('status', { name: 'Chosen file' });
  await expect(chosen).toHaveText(/^Chosen: first-draft\.pdf \(\d+ (B|kB)\)$/);
  await expectAccessible(recommender);
  const picker = recommender.waitForEvent('filechooser');
  await recommender.getByRole('button', { name: 'Choose another' }).click();
  await (await picker).setFiles(second);
  await expect(chosen).toHaveText(/^Chosen: signed-letter\.pdf /);
  await recommender.getByRole('button', { name: 'Send', exact: true }).click();
  const confirmation = recommender.getByRole('heading', { name: 'Thank you: your letter has been received' });
  await expect(confirmation).toBeFocused();
  await expect(recommender.getByText(/^We received your file signed-letter\.pdf on /)).toBeVisible();
  await expectAccessible(recommender);
  // Issue 33 item 6: back on the link, the file received is named and may be replaced by another.
  await recommender.reload();
  await expect(recommender.getByText(/^We received your file signed-letter\.pdf on /)).toBeVisible();
  await recommender.getByRole('button', { name: 'Replace the file' }).click();
  await recommender.getByLabel('Your letter as a file', { exact: true }).setInputFiles(first);
  await recommender.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(recommender.getByText(/^We received your file first-draft\.pdf on /)).toBeVisible();
  await recommenderContext.close();

  // The applicant's list shows it received, and nothing of the letter.
  await page.reload();
  await expect(item).toContainText('Received');
  await expect(item.getByRole('button')).toHaveCount(0);
  await expect(page.getByText(LETTER)).toHaveCount(0);
  await expectAccessible(page);
});
