import { formPageHeadings, reviewHeading } from '../../../common/form/page-list';
import { RECOMMEND_PAGE_PREFIX } from '../../../common/recommendation-api';

/** Every route of spec platform section 2, named once. */
export const paths = {
  about: '/about',
  education: '/education',
  finalSteps: '/final-steps',
  completion: '/completion',
  /** Every answer before Submit, and read-only after it (issue 33 item 4). */
  review: reviewHeading.path,
  login: '/login',
  signup: '/signup',
  confirm: '/confirm',
  forgot: '/forgot',
  reset: '/reset',
  /** Delete my account (issue 35 item 4): the password again, then gone, or a request after submission. */
  deleteAccount: '/delete-account',
  /** The recommender's letter page (issue 28 item 2): the link in their invitation, no account. */
  recommend: `${RECOMMEND_PAGE_PREFIX}:token`,
} as const;

export const DEFAULT_ROUTE = paths.about;

/**
 * The three pages of the horizontal navigation, in order, as the form definition names them (their
 * headings only: the questions load with the form, not in the entry).
 */
export const formPages: readonly { path: string; title: string }[] = formPageHeadings.map(({ path, title }) => ({ path, title }));

const pagePaths: readonly string[] = formPages.map((page) => page.path);

/** One of the three pages an applicant works on, the only places worth returning to. */
export function isPagePath(path: string | null | undefined): path is string {
  return typeof path === 'string' && pagePaths.includes(path);
}

/**
 * A Change link's mark on the page it opens (issue 33 item 4): that page's Save then returns to
 * the review page, once the page's questions are answered, rather than going on to the next page.
 */
export const RETURN_TO_REVIEW_SEARCH = '?return=review';

export const isReturningToReview = (search: string) => new URLSearchParams(search).get('return') === 'review';
