import type { Locator, Page } from '@playwright/test';
import { tenant } from '../../common/form/tenant';
import { sampleDocx } from '../../scripts/support/documents';
import { chooseProgram } from './support/academics';
import { confirmedAccount, expect, expectAccessible, logIn, storedAnswers, test } from './support/fixtures';
import { tempFile } from './support/files';

/** Your Academics with a program that asks for the personal statement (Cybersecurity); returns the essay. */
async function openEssay(page: Page, label: string, request: Parameters<typeof confirmedAccount>[0], baseURL: string): Promise<Locator> {
  const username = await confirmedAccount(request, baseURL, label);
  await logIn(page, username);
  await page.getByRole('link', { name: 'Your Academics' }).click();
  await expect(page).toHaveURL(/\/education$/);
  await chooseProgram(page, 'Main campus, Baltimore', 'Cybersecurity (M.S.)');
  return page.getByRole('region', { name: 'Personal Statement', exact: true });
}

const tabs = (essay: Locator) => ({
  text: essay.getByRole('tab', { name: 'Type it here' }),
  upload: essay.getByRole('tab', { name: 'Upload a document' }),
});

test('a switch that would remove typed text asks first; Cancel keeps the text, Switch removes it', async ({ page, request, baseURL }) => {
  const essay = await openEssay(page, 'switch-text', request, baseURL!);
  const { text, upload } = tabs(essay);
  const statement = essay.getByRole('textbox', { name: /Personal Statement/ });
  await statement.fill('I have wanted to study security since I was twelve.');
  await upload.click();

  const dialog = page.getByRole('dialog', { name: 'Switch to Upload a document?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription('The text you typed will be removed.');
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(text).toHaveAttribute('aria-selected', 'true');
  await expect(statement).toHaveValue('I have wanted to study security since I was twelve.');

  await upload.click();
  await dialog.getByRole('button', { name: 'Switch' }).click();
  await expect(dialog).toBeHidden();
  await expect(upload).toHaveAttribute('aria-selected', 'true');
  await text.click();
  await expect(text).toHaveAttribute('aria-selected', 'true');
  await expect(statement).toHaveValue('');
  await expect(essay.getByText('Character count: 0 /')).toBeVisible();
  await expect.poll(async () => (await storedAnswers(page)).personal_statement ?? null).toBeNull();
});

test('a switch that removes nothing asks nothing', async ({ page, request, baseURL }) => {
  const essay = await openEssay(page, 'switch-empty', request, baseURL!);
  const { text, upload } = tabs(essay);
  await upload.click();
  await expect(upload).toHaveAttribute('aria-selected', 'true');
  await text.click();
  await expect(text).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a switch that would remove an uploaded document asks first; Cancel keeps it', async ({ page, request, baseURL }) => {
  const essay = await openEssay(page, 'switch-doc', request, baseURL!);
  const { text, upload } = tabs(essay);
  await upload.click();
  await expect(upload).toHaveAttribute('aria-selected', 'true');
  await essay.getByLabel('Upload your Personal Statement').setInputFiles(tempFile('statement.docx', sampleDocx()));
  await expect(essay.getByText('statement.docx')).toBeVisible({ timeout: 30_000 });

  await text.click();
  const dialog = page.getByRole('dialog', { name: 'Switch to Type it here?' });
  await expect(dialog).toHaveAccessibleDescription('The document you uploaded will be removed.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(upload).toHaveAttribute('aria-selected', 'true');
  await expect(essay.getByText('statement.docx')).toBeVisible();

  await text.click();
  await dialog.getByRole('button', { name: 'Switch' }).click();
  await expect(text).toHaveAttribute('aria-selected', 'true');
  await expect.poll(async () => (await page.request.get('/api/document-answer')).json()).not.toHaveProperty('personal_statement_doc');
});

test('the upload limits are stated before a file is chosen, and "Choose file" is in the control\'s name', async ({ page, request, baseURL }) => {
  const essay = await openEssay(page, 'upload-limits', request, baseURL!);
  await tabs(essay).upload.click();
  await expect(essay.getByText(tenant.upload_requirement)).toBeVisible();
  const input = essay.getByLabel('Upload your Personal Statement');
  await expect(input).toHaveAccessibleName('Choose file Upload your Personal Statement');
  await expect(input).toHaveAccessibleDescription(tenant.upload_requirement);
  await expectAccessible(page);
});
