import { useEffect } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { DEFAULT_ROUTE, isPagePath, paths } from '../../../config/paths';
import { isLoggedInAtom } from '../../../state/session';
import { hasChangedPageAtom, lastPageRestoredAtom, profileAtom, webStatusAtom } from '../../../state/snapshot';

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
  const profileLoaded = storedLastPage !== undefined;
  const restoreWanted = isLoggedIn && profileLoaded && !restored && !hasChangedPage && isPagePath(storedLastPage);
  const restoreDone = profileLoaded && !restored && (!restoreWanted || pathname === storedLastPage);

  // The stored last page is where a session starts, once; after that the applicant moves freely.
  // It counts as done only once the app is there, so no page in between is ever shown or saved.
  useEffect(() => {
    if (restoreDone) setRestored(true);
  }, [restoreDone, setRestored]);

  if (webStatus === 'submitted') return pathname === paths.completion ? null : paths.completion;
  if (pathname === paths.completion) return DEFAULT_ROUTE;
  if (restoreWanted && storedLastPage !== pathname) return storedLastPage as string;
  return null;
}
