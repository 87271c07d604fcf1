import { useEffect } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { DEFAULT_ROUTE, isPagePath, paths } from '../../../config/paths';
import type { NavigationState } from '../../../lib/navigation-state';
import { isLoggedInAtom } from '../../../state/session';
import { hasChangedPageAtom, lastPageRestoredAtom, profileAtom, webStatusAtom } from '../../../state/snapshot';
import { completionMessageAtom } from '../../../state/submission';

/**
 * The navigation rules of spec platform section 2, as the path the form pages must move to, or
 * null. Decided during render so a page the applicant may not see never renders, not even once.
 */
export function useFormRedirect(pathname: string): string | null {
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const webStatus = useAtomValue(webStatusAtom);
  const storedLastPage = useAtomValue(profileAtom)?.last_page;
  const hasChangedPage = useAtomValue(hasChangedPageAtom);
  const [restored, setRestored] = useAtom(lastPageRestoredAtom);
  const justSubmitted = useAtomValue(completionMessageAtom) !== null;
  const profileLoaded = storedLastPage !== undefined;
  // The review (issue 33 item 4) is opened on purpose, a reload of it included: it stays.
  const restoreWanted = isLoggedIn && profileLoaded && !restored && !hasChangedPage && isPagePath(storedLastPage) && pathname !== paths.review;
  const restoreDone = profileLoaded && !restored && (!restoreWanted || pathname === storedLastPage);

  // The stored last page is where a session starts, once; after that the applicant moves freely.
  // It counts as done only once the app is there, so no page in between is ever shown or saved.
  useEffect(() => {
    if (restoreDone) setRestored(true);
  }, [restoreDone, setRestored]);

  // A submitted applicant reads their answers on the review page, read-only (issue 33 item 4); a
  // submit just made from it goes on to /completion with its message.
  const readingAnswers = pathname === paths.review && !justSubmitted;
  if (webStatus === 'submitted') return pathname === paths.completion || readingAnswers ? null : paths.completion;
  if (pathname === paths.completion) return DEFAULT_ROUTE;
  if (restoreWanted && storedLastPage !== pathname) return storedLastPage as string;
  return null;
}

/**
 * What a redirect carries: the success message of a submit just made travels to /completion
 * (spec platform section 2) and is forgotten there, so it is shown once. The submit sets the
 * status and lets this rule move the applicant: a navigation of its own would race the rule's.
 */
export function useRedirectState(pathname: string, redirect: string | null): NavigationState | undefined {
  const [message, setMessage] = useAtom(completionMessageAtom);
  const arrived = pathname === paths.completion && message !== null;
  useEffect(() => {
    if (arrived) setMessage(null);
  }, [arrived, setMessage]);
  return redirect === paths.completion && message ? { successMessage: message } : undefined;
}
