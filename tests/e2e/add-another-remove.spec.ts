import type { Page } from '@playwright/test';
import { confirmedAccount, expect, expectAccessible, logIn, storedAnswers, test } from './support/fixtures';
import { questionLabel } from './support/labels';

/**
 * Add Another's Remove (issue 33, item 7): a college added by mistake can be taken away again; the
 * colleges before it keep their answers, and after a reload it is still gone.
 */

const pages = (page: Page) => page.getByRole('navigation', { name: 'Application pages' });
const college = (page: Page, index: number) => page.getByRole('group', { name: `College ${index}`, exact: true });

async function nameCollege(page: Page, index: number, name: string, gpa: string): Promise<void> {
  const block = college(page, index);
  await block.getByRole('combobox', { name: 'Search For Your School' }).fill(name);
  await block.getByRole('combobox', { name: 'Search For Your School' }).press('Escape');
  await block.getByLabel(questionLabel('GPA')).fill(gpa);
}

test('a college added by mistake is removed, asking first once it holds an answer, and stays removed after a reload', async ({ page, request, baseURL }) => {
  const username = await confirmedAccount(request, baseURL!, 'remove-college');
  await logIn(page, username);
  await pages(page).getByRole('link', { name: 'Your Academics' }).click();
  await expect(page).toHaveURL(/\/education$/);

  await nameCollege(page, 1, 'Towson University', '3.50');
  // The first college is the one asked for: it has no Remove.
  await expect(college(page, 1).getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add Another' }).click();
  await nameCollege(page, 2, 'Goucher College', '3.75');

  // An empty block added by mistake goes at once; the college before it takes focus.
  await page.getByRole('button', { name: 'Add Another' }).click();
  await expect(college(page, 3)).toBeVisible();
  await college(page, 3).getByRole('button', { name: 'Remove College 3' }).click();
  await expect(college(page, 3)).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(college(page, 2).getByRole('heading', { name: 'College 2' })).toBeFocused();

  // One that holds an answer asks first; Cancel keeps it.
  await page.getByRole('button', { name: 'Add Another' }).click();
  await college(page, 3).getByLabel(questionLabel('GPA')).fill('2.0');
  await college(page, 3).getByRole('button', { name: 'Remove College 3' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove College 3?' });
  await expect(dialog).toContainText('The answers you gave for College 3 will be removed.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(college(page, 3).getByLabel(questionLabel('GPA'))).toHaveValue('2.0');

  await college(page, 3).getByRole('button', { name: 'Remove College 3' }).click();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(college(page, 3)).toHaveCount(0);
  await expect(college(page, 2).getByRole('heading', { name: 'College 2' })).toBeFocused();
  await expectAccessible(page);

  expect(await (await page.request.get('/api/add-another')).json()).toEqual({ college: 2 });
  const stored = await storedAnswers(page);
  expect(stored).toMatchObject({ college_name: 'Towson University', college_gpa: '3.50', college_name_2: 'Goucher College', college_gpa_2: '3.75' });
  expect(stored).not.toHaveProperty('college_gpa_3');

  await page.reload();
  await expect(college(page, 2)).toBeVisible();
  await expect(college(page, 3)).toHaveCount(0);
  await expect(college(page, 1).getByRole('combobox', { name: 'Search For Your School' })).toHaveValue('Towson University');
  await expect(college(page, 1).getByLabel(questionLabel('GPA'))).toHaveValue('3.50');
  await expect(college(page, 2).getByRole('combobox', { name: 'Search For Your School' })).toHaveValue('Goucher College');
  await expect(college(page, 2).getByLabel(questionLabel('GPA'))).toHaveValue('3.75');
});

test('removing a college in the middle moves the one after it up, answers and all', async ({ page, request, baseURL }) => {
  const username = await confirmedAccount(request, baseURL!, 'remove-middle');
  await logIn(page, username);
  await pages(page).getByRole('link', { name: 'Your Academics' }).click();
  await nameCollege(page, 1, 'Towson University', '3.50');
  await page.getByRole('button', { name: 'Add Another' }).click();
  await nameCollege(page, 2, 'Mistaken College', '1.00');
  await page.getByRole('button', { name: 'Add Another' }).click();
  await nameCollege(page, 3, 'Goucher College', '3.75');

  await college(page, 2).getByRole('button', { name: 'Remove College 2' }).click();
  await page.getByRole('dialog', { name: 'Remove College 2?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(college(page, 3)).toHaveCount(0);
  await expect(college(page, 1).getByRole('heading', { name: 'College 1' })).toBeFocused();

  await page.reload();
  await expect(college(page, 2).getByRole('combobox', { name: 'Search For Your School' })).toHaveValue('Goucher College');
  await expect(college(page, 2).getByLabel(questionLabel('GPA'))).toHaveValue('3.75');
  await expect(college(page, 3)).toHaveCount(0);
  const stored = await storedAnswers(page);
  expect(stored).toMatchObject({ college_name: 'Towson University', college_name_2: 'Goucher College', college_gpa_2: '3.75' });
  expect(stored).not.toHaveProperty('college_name_3');
});
