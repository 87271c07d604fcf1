import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { dismissToast } from '../../../components/ui/notifications';
import { DEFAULT_ROUTE } from '../../../config/paths';
import type { NavigationState } from '../../../lib/navigation-state';
import { forgetPendingLogout } from '../../../lib/pending-logout';
import { queryKeys } from '../../../lib/query-keys';
import { useAllAnswers } from '../../answers/typed-answers';
import { refreshCookiesAtom } from '../../../state/session';
import { startSessionAnswersAtom } from '../../answers';
import { authToastLabels } from '../toast-labels';

/**
 * What follows a call that opened a session, a login or a confirmed code (issue 33, item 5): the
 * cache and snapshot of whoever used the browser before are dropped, the login card's old notice
 * (a logout's reason) goes, and the form opens with the server's message and the typed answers.
 */
export function useStartSession() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const answers = useAllAnswers();
  const startSessionAnswers = useSetAtom(startSessionAnswersAtom);
  const refreshCookies = useSetAtom(refreshCookiesAtom);

  return async function startSession(username: string, message: string): Promise<void> {
    // The new session cookie replaced any old one a logout without a connection left waiting.
    forgetPendingLogout();
    await queryClient.resetQueries({ queryKey: queryKeys.all });
    // Answers an ended session kept from this applicant come back; what was typed since wins.
    // Saves a crashed page of someone else left in this browser are never sent or shown for this one.
    const kept = startSessionAnswers(username);
    refreshCookies();
    dismissToast(authToastLabels.login);
    // The server's message ('You are now logged in.') is the success toast the form opens with.
    const state: NavigationState = { answers: { ...kept, ...answers }, successMessage: message };
    navigate(DEFAULT_ROUTE, { state });
  };
}
