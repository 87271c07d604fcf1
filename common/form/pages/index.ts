import type { PageDef } from '../types';
import { allQuestions, sectionKeys } from '../visibility';
import { aboutPage } from './about';
import { educationPage } from './education';
import { finalStepsPage } from './final-steps';

export { aboutPage, educationPage, finalStepsPage };

/** The three form pages in navigation order; the first is the default route. */
export const formPages: readonly PageDef[] = [aboutPage, educationPage, finalStepsPage];

/**
 * Every key a page's questions own: answers, `_desc` companions, check-group members and their
 * group id, SMS opt-ins and checkbox triggers.
 */
function ownedKeys(page: PageDef): string[] {
  return page.sections.flatMap((section) => [...sectionKeys(section), ...allQuestions(section).map((question) => question.key)]);
}

const indexes = new WeakMap<readonly PageDef[], Map<string, PageDef>>();

function indexByKey(pages: readonly PageDef[]): Map<string, PageDef> {
  let index = indexes.get(pages);
  if (!index) {
    index = new Map();
    for (const page of pages) for (const key of ownedKeys(page)) if (!index.has(key)) index.set(key, page);
    indexes.set(pages, index);
  }
  return index;
}

/** The page that asks for `key` (error-summary links, missing-information panel), if any. */
export function pageOfKey(key: string, pages: readonly PageDef[] = formPages): PageDef | undefined {
  return indexByKey(pages).get(key);
}

const labels = new WeakMap<readonly PageDef[], Map<string, string>>();

/** The label a question shows for `key` (a check group's member its own), if a page asks for it. */
export function labelOfKey(key: string, pages: readonly PageDef[] = formPages): string | undefined {
  let index = labels.get(pages);
  if (!index) {
    index = new Map();
    for (const question of pages.flatMap((page) => page.sections.flatMap(allQuestions))) {
      if (!index.has(question.key)) index.set(question.key, question.label);
      for (const member of question.members ?? []) if (!index.has(member.key)) index.set(member.key, member.label);
    }
    labels.set(pages, index);
  }
  return index.get(key);
}

/** The form page at `path` ('/about'; a trailing slash is ignored). */
export function pageByPath(path: string, pages: readonly PageDef[] = formPages): PageDef | undefined {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return pages.find((page) => page.path === normalized);
}
