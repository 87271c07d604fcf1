import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { AppErrorBoundary } from '../../components/errors/app-error-boundary';
import { useEndSession } from '../../features/auth';
import { InactivityGuardWhenNeeded } from '../../features/inactivity';
import { setUnauthorizedHandler } from '../../lib/api-client';
import { usePageArrival } from '../../lib/page-arrival';
import { useNavigationStateInbox } from './use-navigation-state-inbox';

/**
 * Above every screen: session expiry, inactivity logout, messages carried between screens, each
 * page starting at its top with its heading focused, and the error boundary.
 */
export function AppRoot() {
  const endSession = useEndSession();
  useEffect(() => setUnauthorizedHandler(() => endSession({ reason: 'expired' })), [endSession]);
  useNavigationStateInbox();
  usePageArrival();
  return (
    <AppErrorBoundary>
      <Outlet />
      <InactivityGuardWhenNeeded />
    </AppErrorBoundary>
  );
}
