import { useEffect } from 'react';
import { useStore } from 'jotai';
import { answersAtom } from '../../features/answers/typed-answers';
import { isLoggedInAtom, isServiceUserAtom } from '../../state/session';
import { carriedAnswersPendingAtom, keepVisitorAnswersAtom, restoreVisitorAnswersAtom } from '../../features/answers';

/**
 * A visitor's answers survive a reload of the tab until the account exists (issue 33 item 7):
 * each change a visitor makes is copied to the tab (the answer store's tab copy) and a loaded page
 * takes the copy back. Once logged in (the sign-up's confirmed code, a login), the copy is carried
 * answers like those of navigation state: saved through the normal save path, which drops the
 * copy when the server confirms it (useSaveAnswers). A logged-in applicant's answers, and those a
 * service link shows, never go to the copy. Subscribed to the store, not rendered: a keystroke
 * re-renders nothing here.
 */
export function useVisitorAnswersInTab() {
  const store = useStore();
  useEffect(() => {
    if (store.get(isServiceUserAtom)) return;
    // What this page holds already (a prefill link, carried answers) was typed later and wins.
    if (store.set(restoreVisitorAnswersAtom) && store.get(isLoggedInAtom)) store.set(carriedAnswersPendingAtom, true);
    return store.sub(answersAtom, () => store.set(keepVisitorAnswersAtom));
  }, [store]);
}
