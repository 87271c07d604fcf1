import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { typeDate } from './dates';

/** A complete About You page of a U.S. citizen living in Virginia, typed as an applicant would. */
export async function fillAboutYou(page: Page, name: { first: string; last: string }): Promise<void> {
  await page.getByLabel('First Name', { exact: true }).fill(name.first);
  await page.getByLabel('Last Name', { exact: true }).fill(name.last);
  await typeDate(page, 'Date of Birth', '1994-03-21');
  await page.getByRole('group', { name: 'Gender' }).getByLabel('Female').check();
  await page.getByLabel('Primary Phone', { exact: true }).pressSequentially('7035550142');
  await expect(page.getByLabel('Primary Phone', { exact: true })).toHaveValue('(703) 555-0142');

  const address = page.getByRole('region', { name: 'Permanent Address' });
  await address.getByLabel('Country', { exact: true }).selectOption({ label: 'United States' });
  await address.getByLabel('Address', { exact: true }).fill('4400 University Drive');
  await address.getByLabel('City', { exact: true }).fill('Fairfax');
  await address.getByLabel('State/Province', { exact: true }).selectOption({ label: 'Virginia' });
  const zip = address.getByRole('combobox', { name: 'ZIP/Postal Code' });
  await zip.fill('22030');
  await zip.press('Escape');
  await address.getByLabel('My mailing address is the same as my permanent address.').check();

  await page.getByRole('group', { name: 'Citizenship Status' }).getByLabel('U.S. citizen', { exact: true }).check();
  await page.getByRole('group', { name: 'Do you currently live in the United States?' }).getByLabel('Yes').check();

  const emergency = page.getByRole('region', { name: 'Emergency Contact' });
  await emergency.getByLabel('Emergency Contact First Name', { exact: true }).fill('Mary');
  await emergency.getByLabel('Emergency Contact Last Name', { exact: true }).fill('Jackson');
  await emergency.getByLabel('Emergency Contact Relationship', { exact: true }).selectOption({ label: 'Parent' });
  await emergency.getByLabel('Emergency Contact Home Phone', { exact: true }).pressSequentially('7035550100');
  await emergency.getByLabel('Emergency Contact Cell Phone', { exact: true }).pressSequentially('5715550101');
}
