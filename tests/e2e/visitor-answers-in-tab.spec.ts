import { completeSignUp, expect, storedAnswers, test, uniqueEmail } from './support/fixtures';
import { questionLabel } from './support/labels';

const VISITOR_ANSWERS_KEY = 'gradapp.visitor-answers';

/** What this tab and the browser's lasting storage hold of the visitor's answers. */
async function browserCopies(page: import('@playwright/test').Page) {
  return page.evaluate((key) => ({ tab: sessionStorage.getItem(key), lasting: JSON.stringify(localStorage) }), VISITOR_ANSWERS_KEY);
}

test("a visitor's answers survive a reload before sign-up, are saved in the new account, and leave the tab", async ({ page }) => {
  await page.goto('/about');
  await page.getByLabel('First Name', { exact: true }).fill('Grace');
  await page.getByLabel('Last Name', { exact: true }).fill('Hopper');
  await page.getByLabel(questionLabel('Middle Name')).fill('Brewster');

  await page.reload();
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Grace');
  await expect(page.getByLabel('Last Name', { exact: true })).toHaveValue('Hopper');
  await expect(page.getByLabel(questionLabel('Middle Name'))).toHaveValue('Brewster');
  // This tab only: nothing of them in the storage another tab or the next person would open.
  const before = await browserCopies(page);
  expect(before.tab).toContain('Grace');
  expect(before.lasting).not.toContain('Grace');
  for (const [name, viewport] of [['1280', { width: 1280, height: 900 }], ['390', { width: 390, height: 844 }]] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `/work/shots/wt-b/visitor-after-reload-${name}.png`, fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // A reload on the sign-up card keeps them too.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.reload();
  await completeSignUp(page, uniqueEmail('visitor-reload'));

  await expect(page).toHaveURL(/\/about$/);
  await expect.poll(() => storedAnswers(page)).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', middle_name: 'Brewster' });
  await expect.poll(async () => (await browserCopies(page)).tab).toBeNull();
  // Saved on the server: a reload shows them from the account, not from the tab.
  await page.reload();
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Grace');
  await expect(page.getByLabel(questionLabel('Middle Name'))).toHaveValue('Brewster');
});

test("another tab never receives a visitor's answers", async ({ context, page }) => {
  await page.goto('/about');
  await page.getByLabel('First Name', { exact: true }).fill('Grace');
  await expect.poll(async () => (await browserCopies(page)).tab).toContain('Grace');
  const other = await context.newPage();
  await other.goto('/about');
  await expect(other.getByRole('heading', { level: 2, name: 'About You' })).toBeVisible();
  await expect(other.getByLabel('First Name', { exact: true })).toHaveValue('');
});
