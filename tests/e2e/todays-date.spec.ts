import type { Page } from '@playwright/test';
import { institutionToday, isoDateOf, latestTodayAnywhere } from '../../common/form/calendar-day';
import { formatDay } from '../../common/form/format-day';
import { finalStepsMessages } from '../../common/form/schema';
import { dateGroup, expectDate, typeDate } from './support/dates';
import { confirmedAccount, expect, expectAccessible, logIn, storedAnswers, test } from './support/fixtures';

/**
 * Today's Date for an applicant ahead of the university (issue 33, item 7): in Tokyo it is already
 * tomorrow while it is still today in New York. Their own today is taken, and the hint says the
 * university's date.
 */
test.use({ timezoneId: 'Asia/Tokyo' });

const pages = (page: Page) => page.getByRole('navigation', { name: 'Application pages' });

test("an applicant in Tokyo signs with Tokyo's date, a day ahead of the university's, and the hint says the university's", async ({ page, request, baseURL }) => {
  // 17:00 UTC on the university's day: noon or 1 pm in New York, 2 am the next day in Tokyo.
  const newYork = isoDateOf(institutionToday());
  const [year, month, day] = newYork.split('-').map(Number) as [number, number, number];
  const instant = Date.UTC(year, month - 1, day, 17);
  const tokyo = latestTodayAnywhere(institutionToday(instant));
  await page.clock.setFixedTime(instant);
  expect(await page.evaluate(() => new Date().getDate())).toBe(Number(tokyo.slice(8)));

  const username = await confirmedAccount(request, baseURL!, 'tokyo-date');
  await logIn(page, username);
  await pages(page).getByRole('link', { name: 'Final Steps' }).click();
  await expect(page).toHaveURL(/\/final-steps$/);

  const certification = page.getByRole('region', { name: 'Certification and Signature' });
  await expect(certification.getByText(`Today's date where you are. At the university it is ${formatDay(instant)}.`)).toBeVisible();
  await expect(dateGroup(certification, "Today's Date")).toHaveAccessibleDescription(new RegExp(`At the university it is ${formatDay(instant)}`));

  // The day after Tokyo's is in the future everywhere: refused, in the spec's words.
  const dayAfterTokyo = latestTodayAnywhere(new Date(Number(tokyo.slice(0, 4)), Number(tokyo.slice(5, 7)) - 1, Number(tokyo.slice(8))));
  await typeDate(certification, "Today's Date", dayAfterTokyo);
  await certification.getByLabel('Signature', { exact: true }).focus();
  await expect(page.locator('#completion_date-errors')).toHaveText(finalStepsMessages.completionDateInFuture);

  // Tokyo's today is taken.
  await typeDate(certification, "Today's Date", tokyo);
  await certification.getByLabel('Signature', { exact: true }).fill('Hanako Yamada');
  await expect(page.locator('#completion_date-errors')).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(async () => (await storedAnswers(page)).completion_date).toBe(tokyo);
  await page.reload();
  await expectDate(page.getByRole('region', { name: 'Certification and Signature' }), "Today's Date", tokyo);
  await expect(page.locator('#completion_date-errors')).toHaveCount(0);
});
