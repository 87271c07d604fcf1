import { useEffect, useRef } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useLocation } from 'react-router-dom';
import { useThrowToBoundary } from '../../../components/errors/use-throw-to-boundary';
import { isPagePath } from '../../../config/paths';
import { isLoggedInAtom } from '../../../state/session';
import { hasChangedPageAtom } from '../../../state/snapshot';
import { carriedAnswersPendingAtom, hasUnsavedAnswersAtom } from '../answer-store';
import { useQueuedSaves } from './use-queued-saves';
import { useSaveAnswers } from './use-save-answers';

/**
 * The saves nobody clicks for (spec platform section 4, "nothing lost"): leaving a page, hiding
 * the browser tab, answers a visitor carried through sign-up and login, and the saves waiting in
 * the browser for a connection (useQueuedSaves).
 */
export function useAutosave() {
  useQueuedSaves();
  const { pathname } = useLocation();
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const hasUnsaved = useAtomValue(hasUnsavedAnswersAtom);
  const [carriedPending, setCarriedPending] = useAtom(carriedAnswersPendingAtom);
  const setHasChangedPage = useSetAtom(hasChangedPageAtom);
  const save = useSaveAnswers();
  const throwToBoundary = useThrowToBoundary();
  const previousPath = useRef(pathname);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });

  // Leaving a page, by whatever way (a tab, a button, an error-summary link, Back), saves and marks
  // has_changed_page (spec platform section 4), so the stored last page is not restored over it.
  useEffect(() => {
    const left = previousPath.current;
    previousPath.current = pathname;
    if (left === pathname || !isLoggedIn || !isPagePath(left)) return;
    setHasChangedPage(true);
    saveRef.current().catch(throwToBoundary);
  }, [pathname, isLoggedIn, setHasChangedPage, throwToBoundary]);

  useEffect(() => {
    if (!isLoggedIn || !carriedPending) return;
    setCarriedPending(false);
    if (hasUnsaved) saveRef.current().catch(throwToBoundary);
  }, [isLoggedIn, carriedPending, hasUnsaved, setCarriedPending, throwToBoundary]);

  useEffect(() => {
    if (!isLoggedIn) return;
    const onHide = () => {
      if (document.visibilityState === 'hidden') saveRef.current().catch(() => undefined);
    };
    document.addEventListener('visibilitychange', onHide);
    return () => document.removeEventListener('visibilitychange', onHide);
  }, [isLoggedIn]);
}
