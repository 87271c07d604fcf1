import fs from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { staffPaths, type InboxResponse } from '../../common/staff-api';
import { TOTP_PARAMETERS } from '../../backend/staff/totp';
import { completeApplication } from '../../scripts/support/complete-application';
import { buildPdf } from '../../scripts/support/documents';
import { pdfText } from '../support/poppler';
import { tempFile } from './support/files';
import { confirmedAccount, expect, expectAccessible, logIn, test, uniqueEmail, waitForRecommendLink } from './support/fixtures';
import { STAFF_PASSWORD, enrolledStaff, totpCode } from './support/staff';

const TYPED_LETTER = 'Wiremu Te Rangi led our seminar on distributed systems with a rigour I rarely see.';
const UPLOADED_LETTER = 'I recommend Wiremu without reservation: his thesis on consensus protocols was the best of his year.';

/** Computer Science (M.S.) needs two letters; the essay and the resume are typed in the form; two colleges were attended. */
const ANSWERS = {
  ...completeApplication(),
  first_name: 'Wiremu',
  last_name: 'Te Rangi',
  applied_major: 'MSCS',
  essay_compscience: 'I want to build systems that stay up on deadline day.',
  resume: 'Software engineer, Kiwibank, 2020 to 2025.',
  college_name_2: 'Universidad Nacional Autónoma de México',
  college_degree_2: 'MA',
  college_major_2: 'Ciencias de la Computación',
  college_degree_month_2: '6',
  college_degree_year_2: '2022',
  college_gpa_2: '3.8',
  college_credits_2: '48',
  college_attend_from_month_2: '8',
  college_attend_from_year_2: '2020',
  college_attend_to_month_2: '6',
  college_attend_to_year_2: '2022',
};

/** A recommender in a browser of their own: no account, no session; `write` sends the letter. */
async function asRecommender(browser: Browser, link: string, write: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'A letter of recommendation for Wiremu Te Rangi' })).toBeVisible();
  await write(page);
  await expect(page.getByRole('heading', { name: 'Thank you: your letter has been received' })).toBeFocused({ timeout: 60_000 });
  await expectAccessible(page);
  await context.close();
}

test('an applicant names two recommenders, one types and one uploads a letter; staff record the fee and transcripts, find the file complete and read both letters in its PDF', async ({ page, request, baseURL, browser }) => {
  test.setTimeout(240_000);
  const username = await confirmedAccount(request, baseURL!, 'complete-file');
  await logIn(page, username);
  const headers = { origin: baseURL! };
  const saved = await page.request.put('/api/answer', { data: ANSWERS, headers });
  expect(saved.status(), await saved.text()).toBe(200);
  const submitted = await page.request.post('/api/submit', { headers: { ...headers, 'content-type': 'application/json' } });
  expect(submitted.status(), await submitted.text()).toBe(200);

  // The applicant's checklist: the fee and both transcripts awaited, the typed documents received.
  await page.goto('/completion');
  const checklist = page.getByRole('region', { name: 'Your checklist' });
  await expect(checklist.getByRole('listitem', { name: 'Transcript from Universidad Nacional Autónoma de México' })).toContainText('Awaiting');
  await expect(checklist.getByRole('listitem', { name: 'Transcript from Towson University' })).toContainText('Awaiting');

  // Two recommenders named on /completion.
  const letters = page.getByRole('region', { name: 'Letters of recommendation' });
  const recommenders = [
    { name: 'Grace Hopper', address: uniqueEmail('hopper'), relationship: 'Thesis advisor' },
    { name: 'Tūhoe Mātene', address: uniqueEmail('matene'), relationship: 'Manager at Kiwibank' },
  ];
  for (const { name, address, relationship } of recommenders) {
    await letters.getByLabel('Name').fill(name);
    await letters.getByLabel('E-mail').fill(address);
    await letters.getByLabel('Relationship').fill(relationship);
    await letters.getByRole('button', { name: 'Send the invitation' }).click();
    // The list shows the invitation a moment before the form empties for the next one: typing the
    // next name in between would be emptied too (seen once in a full run on a loaded machine).
    await expect(letters.getByRole('status').filter({ hasText: 'We sent' })).toHaveText(`We sent ${name} an invitation.`);
    await expect(letters.getByRole('listitem', { name })).toContainText('Invited');
  }
  await expectAccessible(page);

  // Each opens the mailed link in a fresh browser: one types the letter, one uploads a PDF.
  await asRecommender(browser, await waitForRecommendLink(recommenders[0]!.address, baseURL!), async (recommender) => {
    await recommender.getByLabel('Your letter', { exact: true }).fill(TYPED_LETTER);
    await recommender.getByRole('button', { name: 'Send the letter' }).click();
  });
  const letterFile = tempFile('recommendation.pdf', Buffer.from(await buildPdf([UPLOADED_LETTER])));
  await asRecommender(browser, await waitForRecommendLink(recommenders[1]!.address, baseURL!), async (recommender) => {
    await recommender.getByLabel('Your letter as a file', { exact: true }).setInputFiles(letterFile);
    await recommender.getByRole('button', { name: 'Send', exact: true }).click();
  });

  // The applicant sees both received, and neither letter's text.
  await page.reload();
  for (const { name } of recommenders) await expect(letters.getByRole('listitem', { name })).toContainText('Received');
  await expect(page.getByText(TYPED_LETTER)).toHaveCount(0);
  await expect(page.getByText(UPLOADED_LETTER)).toHaveCount(0);
  await expectAccessible(page);

  // Staff: an admin logs in, records the fee and both transcripts on the application's page.
  const { email, secret } = await enrolledStaff(request, baseURL!, 'admin');
  const office = await browser.newContext();
  const staff = await office.newPage();
  const login = await staff.request.post(staffPaths.login, { data: { email, password: STAFF_PASSWORD, code: totpCode(secret, Date.now() + TOTP_PARAMETERS.period * 1000) }, headers });
  expect(login.status(), await login.text()).toBe(200);
  await staff.goto('/staff');
  await staff.getByLabel('Name or e-mail').fill(username);
  await staff.getByLabel('Completeness').selectOption({ label: 'Fee awaiting' });
  await staff.getByRole('button', { name: 'Search' }).click();
  const row = staff.getByRole('row').filter({ hasText: username });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: 'Wiremu Te Rangi' }).click();

  const staffChecklist = staff.getByRole('region', { name: 'Checklist' });
  await staffChecklist.getByRole('group', { name: 'Record: Application fee' }).getByRole('button', { name: 'Paid' }).click();
  await expect(staffChecklist.getByRole('listitem', { name: 'Application fee' })).toContainText('Paid');
  for (const college of ['Towson University', 'Universidad Nacional Autónoma de México']) {
    const transcript = `Transcript from ${college}`;
    await staffChecklist.getByRole('group', { name: `Record: ${transcript}` }).getByRole('button', { name: 'Received' }).click();
    await expect(staffChecklist.getByRole('listitem', { name: transcript })).toContainText('Received');
  }
  // The typed letter is the office's to read, marked confidential (the applicant waived).
  await expect(staff.getByText(TYPED_LETTER)).toBeVisible();
  await expect(staff.getByText(/Confidential: the applicant waived the right to read this letter/).first()).toBeVisible();
  // The uploaded letter opens on its own, as the office's PDF carries it too.
  const letterHref = await staff.getByRole('link', { name: 'Open the letter from Tūhoe Mātene (PDF)' }).getAttribute('href');
  const letterPdf = await staff.request.get(letterHref!);
  expect(letterPdf.status()).toBe(200);
  expect((await pdfText(new Uint8Array(await letterPdf.body()))).replace(/\s+/g, ' ')).toContain(UPLOADED_LETTER);
  await expectAccessible(staff);

  // The inbox's "complete" filter lists the application now.
  await staff.goto('/staff');
  await staff.getByLabel('Name or e-mail').fill(username);
  await staff.getByLabel('Completeness').selectOption({ label: 'Complete' });
  await staff.getByRole('button', { name: 'Search' }).click();
  await expect(staff.getByRole('row').filter({ hasText: username })).toHaveCount(1);
  const inbox = (await (await staff.request.get(`${staffPaths.applications}?q=${encodeURIComponent(username)}&completeness=complete`)).json()) as InboxResponse;
  expect(inbox.rows.map((found) => found.email)).toEqual([username.toLowerCase()]);

  // Its PDF, as the office downloads it, carries both letters after the documents.
  await staff.getByRole('row').filter({ hasText: username }).getByRole('link', { name: 'Wiremu Te Rangi' }).click();
  const download = staff.waitForEvent('download', { timeout: 120_000 });
  await staff.getByRole('button', { name: 'Download the application PDF' }).click();
  const text = await pdfText(new Uint8Array(await fs.readFile(await (await download).path())));
  expect(text).toContain('Grace Hopper');
  expect(text.replace(/\s+/g, ' ')).toContain(TYPED_LETTER);
  expect(text.replace(/\s+/g, ' ')).toContain(UPLOADED_LETTER);
  await office.close();
});
