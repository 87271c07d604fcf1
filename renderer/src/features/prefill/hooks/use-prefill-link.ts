import { useEffect } from 'react';
import { atom, useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useLocation } from 'react-router-dom';
import { PREFILL_TOKEN_PARAM } from '../../../../../common/token-api';
import { showErrorToast } from '../../../components/ui/notifications';
import { errorMessageOf } from '../../../lib/api-errors';
import { addTypedAnswersAtom } from '../../answers/typed-answers';
import { isLoggedInAtom } from '../../../state/session';
import { usePrefill } from '../api/get-prefill';

export const PREFILL_TOAST_LABEL = 'Prefill Link Error';
export const PREFILL_LOGGED_IN_MESSAGE =
  'You are logged in, so this link did not change your answers. To start a new application with it, log out and open the link again.';

/** The prefill token already dealt with in this session, so its answers never overwrite later edits. */
const handledPrefillTokenAtom = atom<string | null>(null);

/**
 * A visitor opening /about?token=... gets the link's answers filled in as if typed, so they travel
 * into the new account on sign-up like any typed answer. A logged-in applicant's saved answers are
 * never overwritten by a link: they get a toast instead. A bad link is a toast and an empty form.
 */
export function usePrefillLink() {
  const { search } = useLocation();
  const token = new URLSearchParams(search).get(PREFILL_TOKEN_PARAM);
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const [handled, setHandled] = useAtom(handledPrefillTokenAtom);
  const addTypedAnswers = useSetAtom(addTypedAnswersAtom);
  const pending = token !== null && token !== handled;
  const { data, error } = usePrefill(pending && !isLoggedIn ? token : null);

  useEffect(() => {
    if (!pending) return;
    if (isLoggedIn) {
      setHandled(token);
      showErrorToast(PREFILL_TOAST_LABEL, PREFILL_LOGGED_IN_MESSAGE);
    } else if (data) {
      setHandled(token);
      addTypedAnswers(data.answer);
    } else if (error) {
      setHandled(token);
      showErrorToast(PREFILL_TOAST_LABEL, errorMessageOf(error));
    }
  }, [pending, token, isLoggedIn, data, error, setHandled, addTypedAnswers]);
}
