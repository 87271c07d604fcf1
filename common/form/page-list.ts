import { tenant } from './tenant';
import type { PageDef } from './types';

/** What names a form page without its questions: which one, where, and its title. */
export type PageHeading = Pick<PageDef, 'id' | 'path' | 'title'>;

/**
 * The three form pages in navigation order, without their questions. The renderer's entry (the
 * navigation rules, the page tabs) reads these; the whole definition (`common/form/pages`), which
 * takes each page's heading from here, loads with the form (issue 18, item 2).
 */
export const pageHeadings = {
  about: { id: 'about', path: '/about', title: tenant.page_titles.about },
  education: { id: 'education', path: '/education', title: tenant.page_titles.education },
  final_steps: { id: 'final_steps', path: '/final-steps', title: tenant.page_titles.final_steps },
} as const satisfies Record<string, PageHeading>;

export const formPageHeadings: readonly PageHeading[] = [pageHeadings.about, pageHeadings.education, pageHeadings.final_steps];

/**
 * The applicant's review of every answer before Submit, and read-only after it (issue 33 item 4,
 * GOV.UK's "Check your answers"): a route of its own, not a form page (no questions, no tab).
 */
export const reviewHeading = { path: '/check-your-answers', title: 'Check Your Answers', readOnlyTitle: 'Your Answers' } as const;
