import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { appConfig } from '../../../config/app-config';
import type { SessionEndReason } from '../../../lib/shared-session';
import { isLoggedInAtom, isServiceUserAtom, refreshCookiesAtom } from '../../../state/session';
import { kioskBridgeAtom } from '../../../state/shell';
import { useEndSession } from '../../auth';
import { useFirstInput } from '../hooks/use-first-input';
import { useIdleTimer } from '../hooks/use-idle-timer';
import { KIOSK_STEP_LIMIT_MS, useInactivityLogout } from '../hooks/use-inactivity-logout';
import { StillWorkingDialog } from './still-working-dialog';

/**
 * The inactivity logout of spec platform section 4, for a logged-in applicant (never a visitor
 * or a staff viewer): the 'Still working?' warning, the logout, and the other tabs' logouts.
 *
 * At the campus kiosk the shell's times replace the web's (the bridge's `idleMs` and
 * `countdownMs`): 'Still there?' opens after `idleMs` without input and counts `countdownMs`
 * down; any input closes it; at zero the answers are saved (each step bounded), the applicant
 * logged out, the page's storage cleared and the shell asked to reset. It runs for a visitor
 * too, from their first touch, so whatever they typed is not left for the next person.
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
  const kiosk = useAtomValue(kioskBridgeAtom);
  const touched = useFirstInput(kiosk !== null);
  const store = useStore();
  const refreshCookies = useSetAtom(refreshCookiesAtom);
  const queryClient = useQueryClient();
  const endSession = useEndSession();
  const logOut = useInactivityLogout({ stepLimitMs: kiosk ? KIOSK_STEP_LIMIT_MS : undefined });
  const timing = useMemo(
    () => (kiosk ? { timeoutMs: kiosk.idleMs + kiosk.countdownMs, warningMs: kiosk.countdownMs } : settings),
    [kiosk, settings],
  );

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
    enabled: !isServiceUser && (isLoggedIn || touched),
    settings: timing,
    onExpire: () => void logOut(),
    onOtherTabEnded,
    startedWithoutSession,
    anyInputAnswers: kiosk !== null,
  });

  const kind = kiosk ? (isLoggedIn ? 'kiosk-applicant' : 'kiosk-visitor') : 'web';
  return <StillWorkingDialog deadline={deadline} onStay={stayLoggedIn} onLeave={() => void logOut()} kind={kind} />;
}
