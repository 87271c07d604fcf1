import { formPages as definedPages } from '../../../common/form/pages';

/** Every route of spec platform section 2, named once. */
export const paths = {
  about: '/about',
  education: '/education',
  finalSteps: '/final-steps',
  completion: '/completion',
  login: '/login',
  signup: '/signup',
  confirm: '/confirm',
  forgot: '/forgot',
  reset: '/reset',
} as const;

export const DEFAULT_ROUTE = paths.about;

/** The three pages of the horizontal navigation, in order, as the form definition names them. */
export const formPages: readonly { path: string; title: string }[] = definedPages.map(({ path, title }) => ({ path, title }));

const pagePaths: readonly string[] = formPages.map((page) => page.path);

/** One of the three pages an applicant works on, the only places worth returning to. */
export function isPagePath(path: string | null | undefined): path is string {
  return typeof path === 'string' && pagePaths.includes(path);
}
