import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { UnauthorizedError } from '../../../lib/api-errors';
import { keepLogoutPending } from '../../../lib/pending-logout';
import { useSaveAnswers } from '../../answers';
import { logout, useEndSession } from '../../auth';

/**
 * No in the dialog, or the timeout (spec platform section 4): save the answers first, then log
 * out and go to /login with the inactivity message. A save the server refuses because the session
 * has already ended leaves the answers kept for the next login (useEndSession).
 */
export function useInactivityLogout(): () => Promise<void> {
  const save = useSaveAnswers();
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  const endSession = useEndSession();
  const queryClient = useQueryClient();
  const running = useRef(false);

  return useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      let sessionEnded = false;
      try {
        await saveRef.current();
      } catch (error) {
        sessionEnded = error instanceof UnauthorizedError;
      }
      if (!sessionEnded) {
        // A 401 here means the server had ended it already: either way it is over. No answer (no
        // connection, the server away): the page logs out now and the server once it can be
        // reached, so the next person here is not let in (lib/pending-logout).
        await logout().catch((error: unknown) => {
          if (!(error instanceof UnauthorizedError)) keepLogoutPending();
        });
      }
      queryClient.clear();
      endSession({ reason: 'inactivity' });
    } finally {
      running.current = false;
    }
  }, [endSession, queryClient]);
}
