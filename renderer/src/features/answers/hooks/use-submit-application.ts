import { useStore } from 'jotai';
import { ToastableError } from '../../../components/errors/toastable-error';
import { ServerError } from '../../../lib/api-errors';
import { hasChangedPageAtom, webStatusAtom } from '../../../state/snapshot';
import { completionMessageAtom, submitErrorsAtom } from '../../../state/submission';
import { fieldErrorsAtom } from '../../../state/validation';
import { postValidations } from '../api/post-validations';
import { submitApplication } from '../api/submit-application';
import { SUBMIT_ERROR_LABEL, useCheckAnswers, useShowErrors } from './use-check-answers';

export { SUBMIT_ERROR_LABEL } from './use-check-answers';

export const SUBMITTED_MESSAGE = 'Your application was successfully submitted.';

/**
 * The submit sequence of spec platform section 4, from the review page (issue 33 item 4): the
 * check (useCheckAnswers: save, validating, the errors posted and checked), and only then the
 * submit. Errors, the client's or the server's, show in the error summary on the first page that
 * has one of them.
 */
export function useSubmitApplication() {
  const store = useStore();
  const check = useCheckAnswers();
  const showErrors = useShowErrors();

  return async function submit(): Promise<void> {
    if (!(await check())) return;
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
