import type { Locator, Page } from '@playwright/test';
import { questionLabel } from './labels';
import { apiPaths } from '../../../common/api';
import { expect } from './fixtures';

/** Campus and program: the program list follows the campus, and the program decides which essays show. */
export async function chooseProgram(page: Page, campus: string, program: string): Promise<void> {
  const section = page.getByRole('region', { name: 'Your Program' });
  await section.getByRole('group', { name: 'Which campus do you plan to attend?' }).getByLabel(campus, { exact: true }).check();
  await section.getByLabel('Program of Study', { exact: true }).selectOption({ label: program });
}

export interface College {
  degree: string;
  major: string;
  degreeMonth: string;
  degreeYear: string;
  gpa: string;
  credits: string;
  from?: { month: string; year: string };
  to?: { month: string; year: string };
}

const question = questionLabel;

/** Everything of one college block but its name (chosen from the search or typed). */
export async function fillCollege(block: Locator, college: College): Promise<void> {
  await block.getByLabel(question('Degree Earned or Expected')).selectOption({ label: college.degree });
  await block.getByLabel(question('Major')).fill(college.major);
  await block.getByLabel(question('Degree Month')).selectOption({ label: college.degreeMonth });
  await block.getByLabel(question('Degree Year')).selectOption(college.degreeYear);
  await block.getByLabel(question('GPA')).fill(college.gpa);
  await block.getByLabel(question('Credits Earned')).fill(college.credits);
  if (college.from) {
    await block.getByLabel(question('Attended From (Month)')).selectOption({ label: college.from.month });
    await block.getByLabel(question('Attended From (Year)')).selectOption(college.from.year);
  }
  if (college.to) {
    await block.getByLabel(question('Attended To (Month)')).selectOption({ label: college.to.month });
    await block.getByLabel(question('Attended To (Year)')).selectOption(college.to.year);
  }
}

/**
 * Types into a school search and picks the suggestion that matches, with the keyboard. The list
 * keeps the previous text's suggestions until the typed text's answer comes, so the arrows wait
 * for that answer: moving through the previous list, Enter could land on another school once the
 * new list takes its place. A text this page searched before may answer from the cache, without
 * a request, and without a stale list; then the wait just ends.
 */
export async function chooseSchool(block: Locator, typed: string, suggestion: RegExp): Promise<void> {
  const search = block.getByRole('combobox', { name: 'Search For Your School' });
  const answered = block
    .page()
    .waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === apiPaths.lookupFind && url.searchParams.get('text') === typed.trim();
    }, { timeout: 10_000 })
    .catch(() => null);
  await search.pressSequentially(typed);
  await answered;
  const option = block.getByRole('option', { name: suggestion }).first();
  await expect(option).toBeVisible();
  for (let step = 0; step < 5 && (await option.getAttribute('aria-selected')) !== 'true'; step += 1) await search.press('ArrowDown');
  await search.press('Enter');
  await expect(block.getByRole('listbox')).toBeHidden();
}
