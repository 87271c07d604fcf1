import type { Locator, Page } from '@playwright/test';
import { chooseProgram } from './support/academics';
import { confirmedAccount, expect, logIn, storedAnswers, test } from './support/fixtures';

/**
 * Issue 24 item 1, the applicant's side: the server refuses control characters, so what is pasted
 * from a spreadsheet (a tab) or a word processor (Word's VT for a soft line break) is saved as text,
 * never refused (docs/decisions.md, "Pasted text becomes text").
 */

/** Pastes `text` into the field as the applicant does: through the clipboard and Ctrl+V. */
async function paste(page: Page, field: Locator, text: string): Promise<void> {
  await page.evaluate((copied) => navigator.clipboard.writeText(copied), text);
  await field.focus();
  await page.keyboard.press('ControlOrMeta+V');
}

test('a name pasted from a spreadsheet and an essay pasted from Word are saved as text, with no error', async ({ page, context, request, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400 && new URL(response.url()).pathname.startsWith('/api/answer')) refused.push(`${response.status()} ${response.url()}`);
  });
  const username = await confirmedAccount(request, baseURL!, 'pasted');
  await logIn(page, username);
  await expect(page).toHaveURL(/\/about$/);

  const firstName = page.getByLabel('First Name', { exact: true });
  await paste(page, firstName, 'Ada\tLovelace');
  await expect(firstName).toHaveValue('Ada Lovelace');

  await page.getByRole('link', { name: 'Your Academics' }).click();
  await expect(page).toHaveURL(/\/education$/);
  await chooseProgram(page, 'Main campus, Baltimore', 'Cybersecurity (M.S.)');
  const essay = page.getByRole('region', { name: 'Personal Statement', exact: true }).getByRole('textbox');
  await paste(page, essay, 'First line\u000bsecond line\u000cthird\u0085fourth');
  await essay.blur();
  await expect(essay).toHaveValue('First line\nsecond line\nthird\nfourth');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/Saved at \d{1,2}:\d{2}/)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  await expect.poll(() => storedAnswers(page)).toMatchObject({ first_name: 'Ada Lovelace', personal_statement: 'First line\nsecond line\nthird\nfourth' });
  await page.reload();
  await expect(essay).toHaveValue('First line\nsecond line\nthird\nfourth');
  await page.getByRole('link', { name: 'About You' }).click();
  await expect(firstName).toHaveValue('Ada Lovelace');
  expect(refused).toEqual([]);
});
