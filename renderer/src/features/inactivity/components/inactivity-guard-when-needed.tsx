import { Suspense, useState } from 'react';
import { useAtomValue } from 'jotai';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';
import { isLoggedInAtom, isServiceUserAtom } from '../../../state/session';
import { isKioskAtom } from '../../../state/shell';

/**
 * The guard (its timer, dialog, logout and the other tabs' logouts) is a chunk of its own: it
 * does nothing without a session, so a visitor never downloads it (issue 26, item 5).
 */
const InactivityGuard = lazyWithPreload(() => import('./inactivity-guard').then((module) => module.InactivityGuard));

/**
 * The inactivity guard, from the moment a logged-in applicant is here (not a visitor, except at
 * the kiosk; not a service link), and from then on: after a logout it stays, idle, for the next login. A tab that
 * was here before the login tells it so, as the guard's own first render did: a login in this
 * tab is activity, a session found on opening the tab is not (use-idle-timer.ts).
 */
export function InactivityGuardWhenNeeded() {
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const isServiceUser = useAtomValue(isServiceUserAtom);
  const isKiosk = useAtomValue(isKioskAtom);
  // At the kiosk a visitor is watched too (from their first touch): the next person comes after.
  const needed = (isLoggedIn || isKiosk) && !isServiceUser;
  const [startedWithoutSession] = useState(!needed);
  const [wasNeeded, setWasNeeded] = useState(needed);
  if (needed && !wasNeeded) setWasNeeded(true);
  if (!needed && !wasNeeded) return null;
  return (
    <Suspense fallback={null}>
      <InactivityGuard startedWithoutSession={startedWithoutSession} />
    </Suspense>
  );
}
