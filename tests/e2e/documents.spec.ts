import type { Locator, Page } from '@playwright/test';
import { conversionMessages } from '../../backend/documents/conversion-error';
import { conversionPath } from '../../common/api';
import { uploadMessages } from '../../common/uploads/upload-messages';
import { buildEncryptedPdf, buildPdf, heavyDocx, photoPng, sampleDocx } from '../../scripts/support/documents';
import { confirmedAccount, expect, expectAccessible, logIn, test } from './support/fixtures';
import { tempFile } from './support/files';
import { chooseProgram } from './support/academics';

async function documentAnswers(page: Page): Promise<Record<string, unknown>> {
  const response = await page.request.get('/api/document-answer');
  expect(response.status()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** Opens Your Academics with a program that reads the personal statement (Cybersecurity), so the essay shows. */
async function openAcademics(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Your Academics' }).click();
  await expect(page).toHaveURL(/\/education$/);
  await chooseProgram(page, 'Main campus, Baltimore', 'Cybersecurity (M.S.)');
}

/**
 * Chooses the Personal Statement's upload tab; returns the essay and the tab's file input
 * (locators, so they hold after a reload too).
 */
async function chooseEssayUpload(page: Page): Promise<{ essay: Locator; fileInput: Locator }> {
  const essay = page.getByRole('region', { name: 'Personal Statement', exact: true });
  const uploadTab = essay.getByRole('tab', { name: 'Upload a document' });
  await uploadTab.click();
  await expect(uploadTab).toHaveAttribute('aria-selected', 'true');
  return { essay, fileInput: essay.getByLabel('Upload your Personal Statement') };
}

/**
 * How long a conversion may take from upload to done on a machine busy on both cores: LibreOffice
 * may wait its turn behind other work. The wait is on the conversion's own status and ends as soon
 * as it is done, so a quiet machine pays nothing.
 */
const CONVERSION_BUDGET_MS = 120_000;

/** Waits for the converted file's name, which shows once the conversion is done, and its status gone. */
async function expectConverted(essay: Locator, fileName: string): Promise<void> {
  await expect(essay.getByText(fileName)).toBeVisible({ timeout: CONVERSION_BUDGET_MS });
  await expect(essay.getByRole('status').filter({ hasText: /Uploading…|Converting…/ })).toHaveCount(0);
}

const escaped = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/**
 * A refusal shows under the question, as the file input's description, and is still there after
 * the error toast (5 s) has gone.
 */
async function expectRefusalKept(page: Page, essay: Locator, fileInput: Locator, message: string): Promise<void> {
  await expect(essay.getByRole('listitem').filter({ hasText: message })).toBeVisible({ timeout: 30_000 });
  await expect(fileInput).toHaveAccessibleDescription(escaped(message));
  await expect(fileInput).toHaveAttribute('aria-invalid', 'true');
  // The toast goes after 5 s: wait for that, not for a time.
  await expect(page.getByRole('status', { name: 'Error uploading file for personal_statement_doc' })).toHaveCount(0, { timeout: 30_000 });
  await expect(essay.getByRole('listitem').filter({ hasText: message })).toBeVisible();
  await expect(fileInput).toHaveAccessibleDescription(escaped(message));
}

test('an essay is uploaded into its upload tab, converts, blocks tab switching meanwhile and is deleted', async ({ page, request, baseURL }) => {
  test.setTimeout(60_000 + 2 * CONVERSION_BUDGET_MS);
  const username = await confirmedAccount(request, baseURL!, 'essay');
  await logIn(page, username);
  await openAcademics(page);

  const essay = page.getByRole('region', { name: 'Personal Statement', exact: true });
  const textTab = essay.getByRole('tab', { name: 'Type it here' });
  const uploadTab = essay.getByRole('tab', { name: 'Upload a document' });
  await expect(textTab).toHaveAttribute('aria-selected', 'true');
  await uploadTab.click();
  await expect(uploadTab).toHaveAttribute('aria-selected', 'true');

  // A long document; until the switch was tried, its status polls are answered "in progress", as a
  // slow converter answers them: a warm one may finish within a poll, and the switch must meet the
  // upload under way. The server's own answers follow from there.
  const slow = heavyDocx(5_000);
  expect(slow.length).toBeLessThan(1_000_000);
  let switchTried = false;
  await page.route(`**${conversionPath('personal_statement_doc')}`, async (route) => {
    if (route.request().method() === 'GET' && !switchTried) return route.fulfill({ json: { status: 'IN_PROGRESS', message: '' } });
    return route.continue();
  });
  const fileInput = essay.getByLabel('Upload your Personal Statement');
  await fileInput.setInputFiles(tempFile('long-statement.docx', slow));
  await expect(essay.getByRole('status').filter({ hasText: /Uploading…|Converting…/ })).toBeAttached();
  await expect(essay.getByRole('status').filter({ hasText: 'Converting…' })).toBeAttached({ timeout: 20_000 });
  await textTab.click();
  const blocked = page.getByRole('dialog', { name: 'File Upload in Progress' });
  await expect(blocked).toBeVisible();
  await expect(blocked).toContainText('Please wait until the file upload has completed.');
  await blocked.getByRole('button', { name: 'OK' }).click();
  await expect(uploadTab).toHaveAttribute('aria-selected', 'true');
  switchTried = true;

  await expectConverted(essay, 'long-statement.docx');
  await expect(essay.getByText(`(${Math.round(slow.length / 1000)} kB)`)).toBeVisible();
  await expect.poll(() => documentAnswers(page)).toHaveProperty('personal_statement_doc');

  // Once converted, switching is allowed, asks first (tab-switch.spec.ts) and deletes the document.
  await textTab.click();
  await page.getByRole('dialog', { name: 'Switch to Type it here?' }).getByRole('button', { name: 'Switch' }).click();
  await expect(textTab).toHaveAttribute('aria-selected', 'true');
  await expect.poll(async () => Object.keys(await documentAnswers(page))).not.toContain('personal_statement_doc');

  // Upload again, then delete through the modal: Cancel keeps it, Delete removes it.
  await uploadTab.click();
  await expect(uploadTab).toHaveAttribute('aria-selected', 'true');
  const small = sampleDocx();
  await essay.getByLabel('Upload your Personal Statement').setInputFiles(tempFile('statement.docx', small));
  await expectConverted(essay, 'statement.docx');
  await expect(essay.getByText(`(${Math.round(small.length / 1000)} kB)`)).toBeVisible();
  await expectAccessible(page);

  await essay.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete File' });
  await expect(confirm).toContainText('Are you sure you want to delete your file?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(essay.getByText('statement.docx')).toBeVisible();
  expect(Object.keys(await documentAnswers(page))).toContain('personal_statement_doc');

  await essay.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(essay.getByText('statement.docx')).toBeHidden();
  await expect(essay.getByLabel('Upload your Personal Statement')).toBeAttached();
  await expect.poll(async () => Object.keys(await documentAnswers(page))).not.toContain('personal_statement_doc');
});

test('Add Another shows a second and third college, and the count is kept after a reload', async ({ page, request, baseURL }) => {
  const username = await confirmedAccount(request, baseURL!, 'colleges');
  await logIn(page, username);
  await openAcademics(page);

  const colleges = page.getByRole('region', { name: 'Colleges Attended' });
  await expect(colleges.getByRole('group', { name: 'College 1' })).toBeVisible();
  await expect(colleges.getByRole('group', { name: /^College \d$/ })).toHaveCount(1);
  await colleges.getByRole('button', { name: 'Add Another' }).click();
  await expect(colleges.getByRole('heading', { name: 'College 2' })).toBeVisible();
  await colleges.getByRole('button', { name: 'Add Another' }).click();
  await expect(colleges.getByRole('heading', { name: 'College 3' })).toBeVisible();
  await expect(colleges.getByRole('group', { name: 'College 3' }).getByLabel('Major', { exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.reload();
  await expect(page.getByRole('region', { name: 'Colleges Attended' }).getByRole('group', { name: /^College \d$/ })).toHaveCount(3);
  const counts = await page.request.get('/api/add-another');
  expect(counts.status()).toBe(200);
  expect(await counts.json()).toMatchObject({ college: 3 });
});

test('a photo over 1 MB is scaled down in the browser, then uploads and converts', async ({ page, request, baseURL }) => {
  const username = await confirmedAccount(request, baseURL!, 'photo');
  await logIn(page, username);
  await openAcademics(page);

  const photo = photoPng(1_600_000);
  expect(photo.length).toBeGreaterThan(1_048_576);
  const essay = page.getByRole('region', { name: 'Personal Statement', exact: true });
  await essay.getByRole('tab', { name: 'Upload a document' }).click();
  await essay.getByLabel('Upload your Personal Statement').setInputFiles(tempFile('statement-photo.png', photo));

  // Re-encoded as JPEG under the limit, so its name ends in .jpg and no size message shows.
  await expect(essay.getByText('statement-photo.jpg')).toBeVisible({ timeout: 30_000 });
  await expect(essay.getByText(/too large/)).toHaveCount(0);
  const documents = await documentAnswers(page);
  expect(documents).toHaveProperty('personal_statement_doc');
  const stored = documents.personal_statement_doc as { file_name: string; file_size: number };
  expect(stored.file_name).toBe('statement-photo.jpg');
  expect(stored.file_size).toBeLessThanOrEqual(1_048_576);
});


test('a file named .png whose bytes are a PDF is refused in the browser, and the message stays under the question', async ({ page, request, baseURL }) => {
  const username = await confirmedAccount(request, baseURL!, 'not-png');
  await logIn(page, username);
  await openAcademics(page);
  const { essay, fileInput } = await chooseEssayUpload(page);

  let presigned = false;
  page.on('request', (sent) => {
    if (sent.url().endsWith('/api/presigned-url')) presigned = true;
  });
  await fileInput.setInputFiles(tempFile('statement.png', await buildPdf()));
  await expectRefusalKept(page, essay, fileInput, uploadMessages.notReally('png'));
  expect(presigned).toBe(false);
  await expectAccessible(page);

  // Choosing another file is acting on it: the message goes.
  await fileInput.setInputFiles(tempFile('statement.pdf', await buildPdf()));
  await expect(essay.getByText('statement.pdf')).toBeVisible({ timeout: 30_000 });
  await expect(essay.getByText(uploadMessages.notReally('png'))).toHaveCount(0);
});

test('the server\'s refusal of a password-protected PDF stays under the question, and after a reload', async ({ page, request, baseURL }) => {
  const username = await confirmedAccount(request, baseURL!, 'locked-pdf');
  await logIn(page, username);
  await openAcademics(page);
  const { essay, fileInput } = await chooseEssayUpload(page);

  await fileInput.setInputFiles(tempFile('locked.pdf', buildEncryptedPdf()));
  await expectRefusalKept(page, essay, fileInput, conversionMessages.pdfEncrypted);
  await expectAccessible(page);

  // The server still reports the failed conversion; the widget reads it on mount.
  await page.reload();
  await expect(fileInput).toHaveAccessibleDescription(escaped(conversionMessages.pdfEncrypted));
  await expect(essay.getByRole('listitem').filter({ hasText: conversionMessages.pdfEncrypted })).toBeVisible();

  await fileInput.setInputFiles(tempFile('statement.pdf', await buildPdf()));
  await expect(essay.getByText('statement.pdf')).toBeVisible({ timeout: 30_000 });
  await expect(essay.getByText(conversionMessages.pdfEncrypted)).toHaveCount(0);
});
