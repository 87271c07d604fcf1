import { useDeferredValue, useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useLocation } from 'react-router-dom';
import { pageOfKey } from '../../../../../common/form/pages';
import type { PageDef } from '../../../../../common/form/types';
import { formPagesAtom } from '../../../state/form-pages';
import { submitRefusalsAtom } from '../../../state/submission';
import { fieldErrorsAtom, type FieldErrors } from '../../../state/validation';

export const ERROR_SUMMARY_TITLE = 'Please fix the following before you submit';

/** Each key with its messages, each message once, in the order validation gave them. */
export function errorEntries(errors: FieldErrors): [string, string[]][] {
  return Object.entries(errors)
    .map(([key, messages]): [string, string[]] => [key, [...new Set(messages)]])
    .filter(([, messages]) => messages.length > 0);
}

interface ErrorGroup {
  /** The page that asks the questions; none for a key no page asks (its link stays on this page). */
  page?: PageDef;
  path: string;
  entries: [string, string[]][];
}

/** The errors by page, in navigation order, each page once. */
export function errorGroups(errors: FieldErrors, pages: readonly PageDef[], pathname: string): ErrorGroup[] {
  const byPage = new Map<PageDef | undefined, [string, string[]][]>();
  for (const entry of errorEntries(errors)) {
    const page = pageOfKey(entry[0], pages);
    byPage.set(page, [...(byPage.get(page) ?? []), entry]);
  }
  const groups: ErrorGroup[] = pages.flatMap((page) => {
    const entries = byPage.get(page);
    return entries ? [{ page, path: page.path, entries }] : [];
  });
  const unplaced = byPage.get(undefined);
  return unplaced ? [...groups, { path: pathname, entries: unplaced }] : groups;
}

/**
 * The validation error summary (spec platform section 2): only while validating, and only with
 * something to fix, at the top of every form page where the missing-information panel stood
 * before the first submit (the panel steps aside meanwhile, so no question is listed twice). It
 * lists every page's errors under the page's title; the links replace history, as the page tabs
 * do, and the page body focuses their targets. It takes focus at each submit that found errors,
 * and its content is an alert, remade at each such submit so it is announced.
 */
export function ErrorSummary() {
  const { pathname } = useLocation();
  // The whole form's list is redrawn after the keystroke's own frame, in React's idle-priority
  // pass, not in it (issue 18, item 1); the fields' own messages stay on the keystroke.
  const errors = useDeferredValue(useAtomValue(fieldErrorsAtom));
  const groups = errorGroups(errors, useAtomValue(formPagesAtom), pathname);
  const refusals = useAtomValue(submitRefusalsAtom);
  const region = useRef<HTMLElement>(null);
  // Focus moves at a submit only: an answer emptied while validating brings the summary back, and
  // taking focus then would pull the applicant out of the field being typed in.
  const focusedAt = useRef(refusals);
  const visible = groups.length > 0;

  useEffect(() => {
    if (!visible || focusedAt.current === refusals) return;
    focusedAt.current = refusals;
    region.current?.focus();
  }, [visible, refusals]);

  if (!visible) return null;
  return (
    <section ref={region} tabIndex={-1} className="error-summary" aria-labelledby="error-summary-title">
      <div role="alert" key={refusals}>
        <h2 id="error-summary-title" className="error-summary__title">
          {ERROR_SUMMARY_TITLE}
        </h2>
        {groups.map(({ page, path, entries }) => (
          <div key={page?.id ?? 'unplaced'} className="error-summary__page">
            {page && <h3 className="error-summary__page-title">{page.title}</h3>}
            <ul className="error-summary__list">
              {entries.flatMap(([key, messages]) =>
                messages.map((message) => (
                  <li key={`${key}:${message}`}>
                    <Link to={{ pathname: path, hash: `#${key}` }} replace>
                      {message}
                    </Link>
                  </li>
                )),
              )}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
