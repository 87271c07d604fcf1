import type { Locator, Page } from '@playwright/test';
import { institutionToday, isoDateOf } from '../../../common/form/calendar-day';
import { typeDate } from './dates';
import { expect } from './fixtures';

/** Today as the form judges it: the institution's day, which the browser's calendar may be ahead of. */
export function todayIso(): string {
  return isoDateOf(institutionToday());
}

const answer = (scope: Page | Locator, question: string, choice: string) =>
  scope.getByRole('group', { name: question, exact: true }).getByLabel(choice, { exact: true }).check();

/** Types an address search field as a person would, then closes the suggestions to keep what was typed. */
async function typeZip(field: Locator, zip: string): Promise<void> {
  await field.fill(zip);
  await field.press('Escape');
}

/**
 * The in-state tuition questionnaire of a dependent student: a parent provides more than half of
 * the support, no exception applies, twelve months and more at a Maryland address (so the deed or
 * lease is asked for and uploaded from `deedOrLease`), then the closing questions, signed today.
 */
export async function fillFinalStepsAsDependentStudent(page: Page, signature: string, deedOrLease: string): Promise<void> {
  await answer(page, 'Are you applying for in-state tuition?', 'Yes');
  await answer(page, 'Who provides more than half of your financial support?', 'A parent or legal guardian');

  const supporter = page.getByRole('region', { name: 'Your Financial Supporter' });
  await supporter.getByLabel("Supporter's Full Name", { exact: true }).fill('Mary Jackson');
  await supporter.getByLabel('Relationship to You', { exact: true }).fill('Mother');
  await supporter.getByLabel('Years of Support', { exact: true }).fill('22');
  await supporter.getByLabel('Months of Support', { exact: true }).fill('0');
  await supporter.getByLabel("Supporter's Address", { exact: true }).fill('12 Oak Street');
  await supporter.getByLabel("Supporter's City", { exact: true }).fill('Towson');
  await supporter.getByLabel("Supporter's State/Province", { exact: true }).selectOption({ label: 'Maryland' });
  await typeZip(supporter.getByRole('combobox', { name: "Supporter's ZIP/Postal Code" }), '21204');
  await answer(supporter, 'Did your supporter file a Maryland income tax return for last year?', 'Yes');
  await supporter.getByLabel("Supporter's Signature", { exact: true }).fill('Mary Jackson');
  await typeDate(supporter, "Supporter's Signature Date", todayIso());

  // No exception applies: every question answered No (the DD214 question stays hidden).
  const exceptions = page.getByRole('region', { name: 'Exceptions' });
  const questions = exceptions.getByRole('group');
  await expect(questions).toHaveCount(10);
  for (const question of await questions.all()) await question.getByLabel('No', { exact: true }).check();
  await expect(exceptions.getByRole('group', { name: /DD214/ })).toHaveCount(0);

  const residence = page.getByRole('region', { name: 'Your Residence' });
  await residence.getByLabel('Country', { exact: true }).selectOption({ label: 'United States' });
  await residence.getByLabel('Address', { exact: true }).fill('12 Oak Street');
  await residence.getByLabel('City', { exact: true }).fill('Towson');
  await residence.getByLabel('State/Province', { exact: true }).selectOption({ label: 'Maryland' });
  await typeZip(residence.getByRole('combobox', { name: 'ZIP/Postal Code' }), '21204');
  await residence.getByLabel('Years at This Address', { exact: true }).fill('5');
  await residence.getByLabel('Months at This Address', { exact: true }).fill('3');
  await answer(residence, 'Have you lived at this address for the past 12 months or more?', 'Yes');
  await expect(page.getByRole('region', { name: 'Your Previous Residence' })).toHaveCount(0);

  const ties = page.getByRole('region', { name: 'Your Ties to Maryland' });
  await answer(ties, 'Do you keep most of your personal belongings in Maryland?', 'Yes');
  await answer(ties, "Do you have a driver's license?", 'Yes, in Maryland');
  await ties.getByLabel('Year Your Maryland License Was First Issued', { exact: true }).selectOption('2019');
  await answer(ties, 'Do you own or lease a registered vehicle?', 'No');
  await answer(ties, 'Are you registered to vote?', 'Yes, in Maryland');
  await ties.getByLabel('Year You Registered to Vote in Maryland', { exact: true }).selectOption('2022');
  await answer(ties, 'Did you file a state income tax return for last year?', 'No');
  await answer(ties, 'Is state income tax withheld from your pay?', 'Yes, in another state');
  await ties.getByLabel('State Whose Income Tax Is Withheld', { exact: true }).selectOption({ label: 'District of Columbia' });
  await answer(ties, 'Do you receive public assistance, such as SNAP or Medicaid?', 'No');

  // Twelve months at the address: the deed or lease is the one document asked for.
  const proof = page.getByRole('region', { name: 'Proof of Residence and Eligibility' });
  await proof.getByLabel('Proof of Residence and Eligibility', { exact: true }).setInputFiles(deedOrLease);
  await expect(proof.getByText(/lease\.pdf/)).toBeVisible({ timeout: 30_000 });

  await answer(page, 'Have you ever been convicted of a crime other than a minor traffic violation, or are criminal charges pending against you?', 'No');
  await answer(
    page,
    'Have you ever been suspended, dismissed or expelled from a school, college or university, or placed on disciplinary probation?',
    'No',
  );
  await answer(page, 'Do you waive your right to see your letters of recommendation?', 'Yes, I waive my right to see my letters of recommendation');
  const certification = page.getByRole('region', { name: 'Certification and Signature' });
  await certification.getByLabel(/^I certify that the information in this application is complete and true/).check();
  await certification.getByLabel(/^I certify that my answers to the in-state tuition questions are true/).check();
  await certification.getByLabel('Signature', { exact: true }).fill(signature);
  await typeDate(certification, "Today's Date", todayIso());
}
