import { useCallback } from 'react';
import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { SESSION_INVALID_MESSAGE } from '../../../lib/api-errors';
import type { NavigationState } from '../../../lib/navigation-state';
import { refreshCookiesAtom } from '../../../state/session';
import { resetSnapshotAtom } from '../../../state/snapshot';

/**
 * After logout or an expired session: forget the applicant and go to /login with the
 * session-invalid message (spec platform sections 4 and 8). The query cache is cleared by the
 * caller that knows the session ended (the logout mutation, the API client on 401).
 */
export function useEndSession(): () => void {
  const navigate = useNavigate();
  const resetSnapshot = useSetAtom(resetSnapshotAtom);
  const refreshCookies = useSetAtom(refreshCookiesAtom);
  return useCallback(() => {
    resetSnapshot();
    refreshCookies();
    const state: NavigationState = { errorMessage: SESSION_INVALID_MESSAGE };
    navigate(paths.login, { state });
  }, [navigate, resetSnapshot, refreshCookies]);
}
