import type { Locator, Page } from '@playwright/test';
import { confirmedAccount, expect, expectAccessible, logIn, storedAnswers, test } from './support/fixtures';
import { questionLabel } from './support/labels';

/**
 * Your Residence offers the address given on About You (issue 33, item 7; WCAG 2.2 3.3.7 Redundant
 * Entry): once there is one, quoting it, so it is chosen rather than typed again.
 */

const pages = (page: Page) => page.getByRole('navigation', { name: 'Application pages' });
const OFFER = 'My residence is the same as my permanent address.';

const answer = (scope: Page | Locator, question: string, choice: string) =>
  scope.getByRole('group', { name: question, exact: true }).getByLabel(choice, { exact: true }).check();

async function openResidence(page: Page): Promise<Locator> {
  await pages(page).getByRole('link', { name: 'Final Steps' }).click();
  await expect(page).toHaveURL(/\/final-steps$/);
  await answer(page, 'Are you applying for in-state tuition?', 'Yes');
  return page.getByRole('region', { name: 'Your Residence' });
}

test('Your Residence offers the About You address once there is one, and the choice is kept after a reload', async ({ page, request, baseURL }) => {
  const username = await confirmedAccount(request, baseURL!, 'residence-offer');
  await logIn(page, username);

  // No address on About You yet: nothing to offer, the residence's own address is asked.
  let residence = await openResidence(page);
  await expect(residence.getByRole('checkbox', { name: OFFER })).toHaveCount(0);
  await expect(residence.getByLabel('Address', { exact: true })).toBeVisible();

  await pages(page).getByRole('link', { name: 'About You' }).click();
  const address = page.getByRole('region', { name: 'Permanent Address' });
  await address.getByLabel('Country', { exact: true }).selectOption({ label: 'United States' });
  await address.getByLabel('Address', { exact: true }).fill('12 Oak Street');
  await address.getByLabel(questionLabel('Apt. #')).fill('Apt. 4');
  await address.getByLabel('City', { exact: true }).fill('Towson');
  await address.getByLabel('State/Province', { exact: true }).selectOption({ label: 'Maryland' });
  const zip = address.getByRole('combobox', { name: 'ZIP/Postal Code' });
  await zip.fill('21204');
  await zip.press('Escape');

  residence = await openResidence(page);
  const offer = residence.getByRole('checkbox', { name: OFFER });
  const quoted = 'The address you gave on About You: 12 Oak Street, Apt. 4, Towson, Maryland 21204, United States.';
  await expect(offer).not.toBeChecked();
  await expect(offer).toHaveAccessibleDescription(quoted);
  await expectAccessible(page);

  await offer.check();
  await expect(residence.getByLabel('Address', { exact: true })).toHaveCount(0);
  await expect(residence.getByText(quoted)).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(async () => (await storedAnswers(page)).maryland_permanent_same_as_perm_addr).toBe(true);
  expect(await storedAnswers(page)).toMatchObject({ address_line_1: '12 Oak Street', city: 'Towson', zip: '21204' });

  await page.reload();
  residence = page.getByRole('region', { name: 'Your Residence' });
  await expect(residence.getByRole('checkbox', { name: OFFER })).toBeChecked();
  await expect(residence.getByRole('checkbox', { name: OFFER })).toHaveAccessibleDescription(quoted);
  await expect(residence.getByLabel('Address', { exact: true })).toHaveCount(0);
  await expectAccessible(page);
});
