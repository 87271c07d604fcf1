import type { Page } from '@playwright/test';
import { GOLDEN_RATIO } from '../../common/constants';
import { tenant } from '../../common/form/tenant';
import { confirmedAccount, expect, expectAccessible, logIn, test } from './support/fixtures';

const MISSING = "We're missing some information!";
const CONGRATULATIONS = 'Congratulations on completing the online portion of your application!';
const LAST_STEPS = 'Take these last steps to finish up your application.';

function missingPanel(page: Page) {
  return page.getByRole('region', { name: MISSING });
}

test("a brand-new applicant is thanked, not welcomed back, and sees what is left on every page", async ({ page, request, baseURL }) => {
  const username = await confirmedAccount(request, baseURL!, 'banners');
  await logIn(page, username);
  await expect(page).toHaveURL(/\/about$/);

  // No name yet: thanked without one, the steps without a greeting, never "Welcome back".
  const thanks = page.getByRole('region', { name: 'Thanks', exact: true });
  await expect(thanks).toBeVisible();
  await expect(thanks.getByText(CONGRATULATIONS)).toBeVisible();
  await expect(thanks.getByText(LAST_STEPS)).toBeVisible();
  await expect(page.getByRole('heading', { name: "You're almost finished!" })).toBeVisible();
  await expect(page.getByText(/Welcome back/)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /Welcome to the/ })).toHaveCount(0);

  // The production flag is on (the tenant's default): every page's unanswered questions, by page.
  const panel = missingPanel(page);
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(
    'The links below show what needs to be completed. Missing items will appear in red text on each page; simply fix them and then resubmit your application.',
  );
  await expect(panel.getByRole('heading', { level: 3 })).toHaveText(['About You', 'Your Academics', 'Final Steps']);
  await expect(panel.getByRole('link', { name: 'First Name', exact: true })).toHaveAttribute('href', '/about#first_name');
  await expectAccessible(page);

  // Named: thanked by first name, greeted in the panel by preferred name in upper case.
  await page.getByRole('textbox', { name: 'First Name', exact: true }).fill('Augusta');
  await page.getByRole('textbox', { name: 'Preferred First Name', exact: true }).fill('Ada');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Thanks, Augusta', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: "ADA, you're almost finished!" })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'First Name', exact: true })).toHaveCount(0);

  // The same on the next page and after a reload, from what the server holds.
  await page.getByRole('navigation', { name: 'Application pages' }).getByRole('link', { name: 'Final Steps' }).click();
  await expect(page).toHaveURL(/\/final-steps$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Thanks, Augusta', exact: true })).toBeVisible();
  await expect(page.getByText(CONGRATULATIONS)).toBeVisible();
  await expect(page.getByText(LAST_STEPS)).toBeVisible();
  await expect(page.getByRole('heading', { name: "ADA, you're almost finished!" })).toBeVisible();
  await expect(missingPanel(page).getByRole('heading', { level: 3 })).toHaveText(['About You', 'Your Academics', 'Final Steps']);
  await expect(page.getByText(/Welcome back/)).toHaveCount(0);
  await expectAccessible(page);
});

test('with the production flag off the missing-information panel is not shown, the banners are', async ({ page, request, baseURL }) => {
  // A deployment's PRODUCTION_ENVIRONMENT=false, as the server writes it into index.html.
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = await response.text();
    expect(html).toContain('<meta name="gradapp-production" content="true" />');
    await route.fulfill({ response, body: html.replace('name="gradapp-production" content="true"', 'name="gradapp-production" content="false"') });
  });
  const username = await confirmedAccount(request, baseURL!, 'banners-off');
  await logIn(page, username);
  await expect(page.getByRole('region', { name: 'Thanks', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: "You're almost finished!" })).toBeVisible();
  await expect(page.getByRole('heading', { name: MISSING })).toHaveCount(0);
});

test('the footer is laid out in the golden-ratio column: the title and address 1.62 times as wide as Help and the privacy notice', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  // The column holding the application's title and the office address.
  const title = await footer.getByText(tenant.application_title, { exact: true }).locator('..').boundingBox();
  const actions = await footer.getByRole('list').boundingBox();
  expect(title && actions).toBeTruthy();
  // The stylesheet's ratio is the constant of common/constants.ts (spec platform section 9).
  expect(Number(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--golden-ratio')))).toBe(GOLDEN_RATIO);
  expect(title!.width / actions!.width).toBeCloseTo(GOLDEN_RATIO, 1);
});
