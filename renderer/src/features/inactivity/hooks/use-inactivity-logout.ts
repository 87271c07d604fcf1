import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { UnauthorizedError } from '../../../lib/api-errors';
import { keepLogoutPending } from '../../../lib/pending-logout';
import { isLoggedInAtom } from '../../../state/session';
import { useSaveAnswers } from '../../answers';
import { logout, useEndSession } from '../../auth';

/**
 * At the kiosk each step of the ending (the save, the server's logout) gets this long: the next
 * person must not find the screen frozen on a slow network, and the shell's backstop waits longer
 * (electron/kiosk/idle-reset.ts, KIOSK_BACKSTOP_MARGIN_MS). What is saved by then is saved.
 */
export const KIOSK_STEP_LIMIT_MS = 5_000;

class StepTimedOut extends Error {}

/** The step, or a StepTimedOut after `limitMs` (the step itself goes on; nobody waits for it). */
function within<T>(step: Promise<T>, limitMs: number | undefined): Promise<T> {
  if (limitMs === undefined) return step;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new StepTimedOut()), limitMs);
  });
  return Promise.race([step, timeout]).finally(() => clearTimeout(timer));
}

/**
 * No in the dialog, or the timeout (spec platform section 4): save the answers first, then log
 * out and go to /login with the inactivity message. A save the server refuses because the session
 * has already ended leaves the answers kept for the next login (useEndSession). At the kiosk
 * (`stepLimitMs`) each step is bounded, and a visitor who never logged in has nothing to save:
 * the ending (useEndSession) then clears the page's storage and asks the shell for its reset.
 */
export function useInactivityLogout({ stepLimitMs }: { stepLimitMs?: number } = {}): () => Promise<void> {
  const save = useSaveAnswers();
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  const store = useStore();
  const endSession = useEndSession();
  const queryClient = useQueryClient();
  const running = useRef(false);

  return useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      let sessionEnded = !store.get(isLoggedInAtom);
      if (!sessionEnded) {
        try {
          await within(saveRef.current(), stepLimitMs);
        } catch (error) {
          sessionEnded = error instanceof UnauthorizedError;
        }
      }
      if (!sessionEnded) {
        // A 401 here means the server had ended it already: either way it is over. No answer (no
        // connection, the server away): the page logs out now and the server once it can be
        // reached, so the next person here is not let in (lib/pending-logout).
        await within(logout(), stepLimitMs).catch((error: unknown) => {
          if (!(error instanceof UnauthorizedError)) keepLogoutPending();
        });
      }
      queryClient.clear();
      endSession({ reason: 'inactivity' });
    } finally {
      running.current = false;
    }
  }, [endSession, queryClient, store, stepLimitMs]);
}
