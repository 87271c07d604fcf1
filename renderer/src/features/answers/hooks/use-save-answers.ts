import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import type { NavigationState } from '../../../lib/navigation-state';
import { discardStashedAnswers } from '../../../lib/unsaved-answers-stash';
import { studentAnswersAtom } from '../../../state/answers';
import { markSavedAtom, unsavedPatchAtom } from '../../../state/saved-answers';
import { isLoggedInAtom } from '../../../state/session';
import { hasChangedPageAtom, webStatusAtom } from '../../../state/snapshot';
import { fieldErrorsAtom } from '../../../state/validation';
import { saveAnswers } from '../api/save-answers';
import { postValidations } from '../api/post-validations';

export interface SaveOptions {
  /** Where to go once saved (spec platform section 4: with the success message). */
  then?: string;
  successMessage?: string;
}

/**
 * Saving (spec platform sections 2 and 4): a visitor is sent to sign-up with the answers; an
 * applicant's changed answers are sent, then, while validating, the computed errors. Reads the
 * atoms at call time so a save started by an effect sends what is current, not what rendered.
 */
export function useSaveAnswers() {
  const store = useStore();
  const navigate = useNavigate();
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const markSaved = useSetAtom(markSavedAtom);
  const setHasChangedPage = useSetAtom(hasChangedPageAtom);

  return async function save(options: SaveOptions = {}): Promise<void> {
    if (!isLoggedIn) {
      navigate(paths.signup, { state: { answers: store.get(studentAnswersAtom) } satisfies NavigationState });
      return;
    }
    const patch = store.get(unsavedPatchAtom);
    if (Object.keys(patch).length > 0) await saveAnswers(patch);
    markSaved(patch);
    discardStashedAnswers();
    if (store.get(webStatusAtom) === 'validating') await postValidations(store.get(fieldErrorsAtom));
    if (options.then) {
      setHasChangedPage(true);
      navigate(options.then, { state: { successMessage: options.successMessage } satisfies NavigationState });
    }
  };
}
