import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { UnauthorizedError } from '../../../lib/api-errors';
import type { NavigationState } from '../../../lib/navigation-state';
import { answersAtom } from '../typed-answers';
import { isLoggedInAtom } from '../../../state/session';
import { hasChangedPageAtom, usernameAtom, webStatusAtom } from '../../../state/snapshot';
import { fieldErrorsAtom } from '../../../state/validation';
import { postValidations } from '../api/post-validations';
import { saveAnswers } from '../api/save-answers';
import { markSavedAtom, queueChangesAtom, sendQueuedSavesAtom, unsavedPatchAtom } from '../answer-store';
import { everythingSavedAtom } from '../session-answers';

export interface SaveOptions {
  /** Where to go once saved (spec platform section 4: with the success message). */
  then?: string;
  successMessage?: string;
}

/** saved: the server holds every answer; waiting: some are kept in the browser until it can be reached. */
export type SaveOutcome = 'saved' | 'waiting';

/**
 * Saving (spec platform sections 2 and 4): a visitor is sent to sign-up with the answers; an
 * applicant's changes are queued in the browser, then the queue is sent, then, while validating,
 * the computed errors. Without a connection the changes stay queued (issue 17, item 8): the page
 * says so, moves on without the success message, and the queue goes as soon as the server answers.
 * Reads the atoms at call time so a save started by an effect sends what is current, not what rendered.
 */
export function useSaveAnswers() {
  const store = useStore();
  const navigate = useNavigate();
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const setHasChangedPage = useSetAtom(hasChangedPageAtom);

  return async function save(options: SaveOptions = {}): Promise<SaveOutcome> {
    if (!isLoggedIn) {
      navigate(paths.signup, { state: { answers: store.get(answersAtom) } satisfies NavigationState });
      return 'saved';
    }
    // Saves are queued per account; before the profile names it (never on a form page) they go directly.
    if (!store.get(usernameAtom)) {
      const patch = store.get(unsavedPatchAtom);
      if (Object.keys(patch).length > 0) await saveAnswers(patch);
      store.set(markSavedAtom, patch);
      return 'saved';
    }
    store.set(queueChangesAtom);
    const result = await store.set(sendQueuedSavesAtom);
    // An ended session: the caller (and the API client) end it; the queue decides nothing more.
    if (result.state === 'waiting' && result.error instanceof UnauthorizedError) throw result.error;
    const saved = result.state === 'saved';
    if (saved) {
      // Everything the page holds is on the server now, also when there was nothing to send.
      store.set(everythingSavedAtom);
      if (store.get(webStatusAtom) === 'validating') await postValidations(store.get(fieldErrorsAtom));
    }
    if (options.then) {
      setHasChangedPage(true);
      navigate(options.then, { state: { successMessage: saved ? options.successMessage : undefined } satisfies NavigationState });
    }
    return result.state;
  };
}
