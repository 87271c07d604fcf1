import type { Locator, Page } from '@playwright/test';
import { reviewHeading } from '../../../common/form/page-list';
import { expect } from './fixtures';

/** Final Steps' own button (issue 33 item 4): the answers checked as Submit checked them, then the review page. */
export const CONTINUE_TO_REVIEW = `Save and Continue to ${reviewHeading.title}`;

export const continueToReview = (page: Page): Locator => page.getByRole('button', { name: CONTINUE_TO_REVIEW, exact: true });

/** From Final Steps to the server's submit: Continue, then Submit at the review page's foot (`tap` on a phone). */
export async function submitThroughReview(page: Page, how: 'click' | 'tap' = 'click'): Promise<void> {
  await continueToReview(page)[how]();
  await expect(page).toHaveURL(new RegExp(`${reviewHeading.path}$`));
  await page.getByRole('button', { name: 'Submit', exact: true })[how]();
}
