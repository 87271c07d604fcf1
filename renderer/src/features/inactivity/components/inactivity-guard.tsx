import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { appConfig } from '../../../config/app-config';
import type { SessionEndReason } from '../../../lib/shared-session';
import { isLoggedInAtom, isServiceUserAtom, refreshCookiesAtom } from '../../../state/session';
import { useEndSession } from '../../auth';
import { useIdleTimer } from '../hooks/use-idle-timer';
import { useInactivityLogout } from '../hooks/use-inactivity-logout';
import { StillWorkingDialog } from './still-working-dialog';

/**
 * The inactivity logout of spec platform section 4, for a logged-in applicant (never a visitor
 * or a staff viewer): the 'Still working?' warning, the logout, and the other tabs' logouts.
 */
export function InactivityGuard({
  settings = appConfig.inactivity,
  startedWithoutSession = false,
}: {
  settings?: typeof appConfig.inactivity;
  /** The tab had no session when it opened (inactivity-guard-when-needed.tsx mounts this at the login). */
  startedWithoutSession?: boolean;
}) {
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const isServiceUser = useAtomValue(isServiceUserAtom);
  const store = useStore();
  const refreshCookies = useSetAtom(refreshCookiesAtom);
  const queryClient = useQueryClient();
  const endSession = useEndSession();
  const logOut = useInactivityLogout();

  // The cookies are shared: once another tab has logged out, this one has no session either.
  const onOtherTabEnded = useCallback(
    (reason: SessionEndReason) => {
      refreshCookies();
      if (store.get(isLoggedInAtom)) return;
      queryClient.clear();
      endSession({ reason, fromOtherTab: true });
    },
    [refreshCookies, store, queryClient, endSession],
  );
  const { deadline, stayLoggedIn } = useIdleTimer({
    enabled: isLoggedIn && !isServiceUser,
    settings,
    onExpire: () => void logOut(),
    onOtherTabEnded,
    startedWithoutSession,
  });

  return <StillWorkingDialog deadline={deadline} onStay={stayLoggedIn} onLeave={() => void logOut()} />;
}
