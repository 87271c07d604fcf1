import { useAtomValue, useStore } from 'jotai';
import { useLocation, useNavigate } from 'react-router-dom';
import { ToastableError } from '../../../components/errors/toastable-error';
import { dismissSuccessToast } from '../../../components/ui/notifications';
import { ServerError } from '../../../lib/api-errors';
import { settledAnswersAtom } from '../../../state/answers';
import { formPagesAtom } from '../../../state/form-pages';
import { isLoggedInAtom } from '../../../state/session';
import { hasChangedPageAtom, webStatusAtom } from '../../../state/snapshot';
import { completionMessageAtom, submitErrorsAtom, submitRefusalsAtom } from '../../../state/submission';
import { fieldErrorsAtom } from '../../../state/validation';
import { loadValidator } from '../../../state/validator';
import { submitErrorsPath } from '../submit-errors-page';
import { usePostWebStatus } from '../api/post-web-status';
import { offlineMessages } from '../components/offline-status';
import { postValidations } from '../api/post-validations';
import { submitApplication } from '../api/submit-application';
import { useSaveAnswers } from './use-save-answers';

export const SUBMITTED_MESSAGE = 'Your application was successfully submitted.';
export const SUBMIT_ERROR_LABEL = 'Submit Error';

/**
 * The submit sequence of spec platform section 4: a visitor goes to sign-up with the answers;
 * otherwise save, move to validating, post the errors, check locally, and only then submit.
 * Errors, the client's or the server's, keep the applicant on the page when it has one of them,
 * else take them to the first page that has; the error summary at the top lists them all.
 * Reads the atoms at call time, as the save does, so it sends what is current.
 */
export function useSubmitApplication() {
  const store = useStore();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const { mutateAsync: postWebStatus } = usePostWebStatus();
  const save = useSaveAnswers();

  const showErrors = () => {
    // The page's last "saved" toast would contradict the summary: the summary is the one message.
    dismissSuccessToast();
    store.set(submitRefusalsAtom, (count) => count + 1);
    const target = submitErrorsPath(store.get(fieldErrorsAtom), pathname, store.get(formPagesAtom));
    if (!target) return;
    store.set(hasChangedPageAtom, true);
    navigate(target);
  };

  return async function submit(): Promise<void> {
    store.set(submitErrorsAtom, null);
    // The page's last "saved" toast goes as Submit is pressed: the summary can show (validating)
    // while the server is still being asked, and it is then the one message (issue 26 item 4).
    dismissSuccessToast();
    // Steps 1 and 2: a visitor goes to sign-up with the answers; an applicant's changes are saved
    // (with the errors, when already validating), exactly as the Save button saves them. Answers
    // still waiting in the browser (no connection) stop the submit here: the server would judge
    // an application without them, and every call after this one would fail the same way.
    const saved = await save();
    if (saved === 'waiting') throw new ToastableError(SUBMIT_ERROR_LABEL, offlineMessages.submitWaiting);
    if (!isLoggedIn) return;
    // Loaded with the form (FormRoot waits for it); awaited here in case this store has not seen it.
    const validateAnswers = await loadValidator();

    // A status still unset (its post on load failed) is started first: the server moves in order.
    if (store.get(webStatusAtom) === null) {
      store.set(webStatusAtom, 'started');
      await postWebStatus({ web_status: 'started' });
    }
    // Step 3: the errors are posted (the save did so already when validating), then checked here.
    if (store.get(webStatusAtom) === 'started') {
      store.set(webStatusAtom, 'validating');
      await postWebStatus({ web_status: 'validating' });
      await postValidations(store.get(fieldErrorsAtom));
    }
    // What is on show was worked out with the last change (settledAnswersAtom): not again here.
    const settled = store.get(settledAnswersAtom);
    if (Object.keys(validateAnswers(settled.answers, { pages: settled.pages, settled })).length > 0) {
      showErrors();
      return;
    }

    try {
      await submitApplication();
    } catch (error) {
      if (error instanceof ServerError && error.status === 400 && error.errors) {
        store.set(submitErrorsAtom, error.errors);
        await postValidations(store.get(fieldErrorsAtom));
        showErrors();
        return;
      }
      // A document still converting: the page carries on, the applicant waits and submits again.
      if (error instanceof ServerError && error.status === 409) throw new ToastableError(SUBMIT_ERROR_LABEL, error.message);
      throw error;
    }
    // The server recorded the status with the submission. Setting it here is what takes the
    // applicant to /completion: the navigation rules move a submitted applicant there, carrying
    // the message (useRedirectState). Navigating here as well would race them and lose it.
    store.set(completionMessageAtom, SUBMITTED_MESSAGE);
    store.set(hasChangedPageAtom, true);
    store.set(webStatusAtom, 'submitted');
  };
}
