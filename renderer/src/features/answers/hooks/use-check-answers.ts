import { useAtomValue, useStore } from 'jotai';
import { useLocation, useNavigate } from 'react-router-dom';
import { pageOfKey } from '../../../../../common/form/pages';
import type { PageDef } from '../../../../../common/form/types';
import { ToastableError } from '../../../components/errors/toastable-error';
import { dismissSuccessToast } from '../../../components/ui/notifications';
import { settledAnswersAtom } from '../typed-answers';
import { formPagesAtom } from '../../../state/form-pages';
import { isLoggedInAtom } from '../../../state/session';
import { hasChangedPageAtom, webStatusAtom } from '../../../state/snapshot';
import { submitErrorsAtom, submitRefusalsAtom } from '../../../state/submission';
import { fieldErrorsAtom } from '../../../state/validation';
import { loadValidator } from '../../../state/validator';
import { submitErrorsPath } from '../submit-errors-page';
import { usePostWebStatus } from '../api/post-web-status';
import { offlineMessages } from '../components/offline-status';
import { postValidations } from '../api/post-validations';
import { useSaveAnswers } from './use-save-answers';

export const SUBMIT_ERROR_LABEL = 'Submit Error';

/**
 * The error summary's turn: focused (and announced) again, on the page submitted from while it
 * has one of the errors, else on the first page that has.
 */
export function useShowErrors() {
  const store = useStore();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return () => {
    // The page's last "saved" toast would contradict the summary: the summary is the one message.
    dismissSuccessToast();
    store.set(submitRefusalsAtom, (count) => count + 1);
    const target = submitErrorsPath(store.get(fieldErrorsAtom), pathname, store.get(formPagesAtom));
    if (!target) return;
    store.set(hasChangedPageAtom, true);
    navigate(target);
  };
}

/**
 * Steps 1 to 3 of the submit sequence (spec platform section 4), which Submit on Final Steps runs
 * before the review page and Submit on the review page before the server's: a visitor goes to
 * sign-up with the answers; an applicant's changes are saved (with the errors, when already
 * validating), the status moves to validating, the errors are posted, then checked here. True when
 * nothing stops the applicant; otherwise the error summary shows what does. With `page`, only that
 * page's questions count (a change made from the review page goes back once its page is right).
 * Reads the atoms at call time, as the save does, so it checks what is current.
 */
export function useCheckAnswers() {
  const store = useStore();
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const { mutateAsync: postWebStatus } = usePostWebStatus();
  const save = useSaveAnswers();
  const showErrors = useShowErrors();

  return async function check(page?: PageDef): Promise<boolean> {
    store.set(submitErrorsAtom, null);
    // The page's last "saved" toast goes as Submit is pressed: the summary can show (validating)
    // while the server is still being asked, and it is then the one message (issue 26 item 4).
    dismissSuccessToast();
    // Answers still waiting in the browser (no connection) stop here: the server would judge an
    // application without them, and every call after this one would fail the same way.
    const saved = await save();
    if (saved === 'waiting') throw new ToastableError(SUBMIT_ERROR_LABEL, offlineMessages.submitWaiting);
    if (!isLoggedIn) return false;
    // Loaded with the form (FormRoot waits for it); awaited here in case this store has not seen it.
    const validateAnswers = await loadValidator();

    // A status still unset (its post on load failed) is started first: the server moves in order.
    if (store.get(webStatusAtom) === null) {
      store.set(webStatusAtom, 'started');
      await postWebStatus({ web_status: 'started' });
    }
    if (store.get(webStatusAtom) === 'started') {
      store.set(webStatusAtom, 'validating');
      await postWebStatus({ web_status: 'validating' });
      await postValidations(store.get(fieldErrorsAtom));
    }
    // What is on show was worked out with the last change (settledAnswersAtom): not again here.
    const settled = store.get(settledAnswersAtom);
    const errors = Object.keys(validateAnswers(settled.answers, { pages: settled.pages, settled }));
    const counted = page ? errors.filter((key) => pageOfKey(key, settled.pages) === page) : errors;
    if (counted.length === 0) return true;
    showErrors();
    return false;
  };
}
