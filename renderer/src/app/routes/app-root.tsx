import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { AppErrorBoundary } from '../../components/errors/app-error-boundary';
import { useEndSession } from '../../features/auth';
import { InactivityGuardWhenNeeded } from '../../features/inactivity';
import { setUnauthorizedHandler } from '../../lib/api-client';
import { usePageArrival } from '../../lib/page-arrival';
import { useNavigationStateInbox } from './use-navigation-state-inbox';
import { useVisitorAnswersInTab } from './use-visitor-answers-in-tab';

/**
 * Above every screen: session expiry, inactivity logout, messages carried between screens, a
 * visitor's answers kept in the tab, each page starting at its top with its heading focused, and
 * the error boundary.
 */
export function AppRoot() {
  const endSession = useEndSession();
  useEffect(() => setUnauthorizedHandler(() => endSession({ reason: 'expired' })), [endSession]);
  useNavigationStateInbox();
  useVisitorAnswersInTab();
  usePageArrival();
  return (
    <AppErrorBoundary>
      <Outlet />
      <InactivityGuardWhenNeeded />
    </AppErrorBoundary>
  );
}
