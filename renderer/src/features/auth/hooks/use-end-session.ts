import { useCallback } from 'react';
import { useSetAtom, useStore } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { SESSION_INVALID_MESSAGE } from '../../../lib/api-errors';
import type { NavigationState } from '../../../lib/navigation-state';
import { announceSessionEnd, type SessionEndReason } from '../../../lib/shared-session';
import { endSessionAnswersAtom } from '../../answers';
import { refreshCookiesAtom } from '../../../state/session';
import { kioskBridgeAtom } from '../../../state/shell';

export const INACTIVITY_LOGOUT_MESSAGE = 'You were automatically logged out due to inactivity. Please log in again to continue.';

const MESSAGES: Record<SessionEndReason, string> = {
  logout: SESSION_INVALID_MESSAGE,
  expired: SESSION_INVALID_MESSAGE,
  inactivity: INACTIVITY_LOGOUT_MESSAGE,
};

export interface EndSessionOptions {
  reason: SessionEndReason;
  /** Another tab ended the session and has told the others already. */
  fromOtherTab?: boolean;
  /** Said on the login screen as a success instead of the reason's message (the account deleted). */
  successMessage?: string;
}

/**
 * After logout, an inactivity logout or an expired session: forget the applicant and go to /login
 * with the message of the reason (spec platform sections 4 and 8), and tell the other tabs.
 * Answers not yet saved are kept in the tab for the same applicant's next login, except after Log
 * Out, which the applicant chose; the browser's lasting copy of waiting saves is removed at every
 * ending (the answer store's session end, features/answers/session-answers.ts). The query cache is cleared by the caller that
 * knows the session ended (the logout call, the API client on 401).
 *
 * In the campus kiosk every ending then clears the page's own storage, caches and service workers
 * (lib/clear-site-data) and asks the shell to wipe the terminal and return to the start page, and nothing is kept for a next login: the next person at
 * the terminal is someone else. The renderer is logged out before the wipe starts, so a wipe that
 * fails still leaves it logged out.
 */
export function useEndSession(): (options: EndSessionOptions) => void {
  const store = useStore();
  const navigate = useNavigate();
  const endSessionAnswers = useSetAtom(endSessionAnswersAtom);
  const refreshCookies = useSetAtom(refreshCookiesAtom);
  return useCallback(
    ({ reason, fromOtherTab = false, successMessage }: EndSessionOptions) => {
      const kiosk = store.get(kioskBridgeAtom);
      endSessionAnswers(reason !== 'logout' && !kiosk);
      refreshCookies();
      if (!fromOtherTab) announceSessionEnd(reason);
      const state: NavigationState = successMessage ? { successMessage } : { errorMessage: MESSAGES[reason] };
      navigate(paths.login, { state });
      // The tab that ended the session has asked for the wipe already. The page clears what it
      // can reach first, then the shell wipes the rest and replaces the page.
      if (kiosk && !fromOtherTab) {
        // Only a kiosk downloads the clearing (the entry stays as light for everyone else).
        void import('../../../lib/clear-site-data')
          .then(({ clearSiteData }) => clearSiteData())
          .then(() => kiosk.resetSession())
          .catch((error: unknown) => console.error('The kiosk could not reset the session.', error));
      }
    },
    [store, navigate, endSessionAnswers, refreshCookies],
  );
}
