import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * A date question: the group named by its label, holding Month, Day and Year text fields
 * (issue 26, item 2; the names are the widget's DATE_PART_LABELS).
 */
export function dateGroup(scope: Page | Locator, label: string): Locator {
  return scope.getByRole('group', { name: label, exact: true });
}

/** Types YYYY-MM-DD into the date question as an applicant would: month, day and year. */
export async function typeDate(scope: Page | Locator, label: string, stored: string): Promise<void> {
  const [year, month, day] = stored.split('-') as [string, string, string];
  const group = dateGroup(scope, label);
  for (const [part, text] of [['Month', month], ['Day', day], ['Year', year]] as const) {
    await group.getByLabel(part, { exact: true }).fill(text);
  }
}

/** The date question shows YYYY-MM-DD as month, day and year. */
export async function expectDate(scope: Page | Locator, label: string, stored: string): Promise<void> {
  const [year, month, day] = stored.split('-') as [string, string, string];
  const group = dateGroup(scope, label);
  await expect(group.getByLabel('Month', { exact: true })).toHaveValue(month);
  await expect(group.getByLabel('Day', { exact: true })).toHaveValue(day);
  await expect(group.getByLabel('Year', { exact: true })).toHaveValue(year);
}
