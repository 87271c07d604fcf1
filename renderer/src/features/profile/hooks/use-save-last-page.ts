import { useEffect } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { useLocation } from 'react-router-dom';
import { isPagePath } from '../../../config/paths';
import { isLoggedInAtom } from '../../../state/session';
import { lastPageAtom, webStatusAtom } from '../../../state/snapshot';
import { usePutLastPage } from '../api/put-last-page';

/** Spec platform section 2: while the application is open, every page change is remembered. */
export function useSaveLastPage() {
  const { pathname } = useLocation();
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const webStatus = useAtomValue(webStatusAtom);
  const [lastPage, setLastPage] = useAtom(lastPageAtom);
  const { mutate } = usePutLastPage();
  const open = webStatus === 'started' || webStatus === 'validating';

  useEffect(() => {
    if (!isLoggedIn || !open || !isPagePath(pathname) || pathname === lastPage) return;
    setLastPage(pathname);
    mutate({ last_page: pathname });
  }, [isLoggedIn, open, pathname, lastPage, setLastPage, mutate]);
}
