import { Suspense } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from 'react-router-dom';
import { FullScreenSpinner } from '../../components/ui/spinner';
import { useApplyProfile } from '../../features/profile/hooks/use-apply-profile';
import { useFormRedirect, useRedirectState } from '../../features/profile/hooks/use-form-redirect';
import { lazyWithPreload } from '../../lib/lazy-with-preload';
import { isServiceUserAtom } from '../../state/session';

/**
 * The form's shell (layout, widgets, error summary, autosave) and the service view are chunks of
 * their own (issue 18, item 2): the entry holds what decides which to show, and the shell's
 * download starts with the profile's request, behind the same spinner. The whole-application
 * validation loads once the page shows (validation-when-idle.tsx, issue 26, item 5).
 */
const FormShell = lazyWithPreload(() => import('./form-shell').then((module) => module.FormShell));
const ServiceView = lazyWithPreload(() => import('../../features/service-view/components/service-view').then((module) => module.ServiceView));

/**
 * The root of the form pages: nothing shows until a logged-in applicant's profile is known, and
 * a page the navigation rules send elsewhere never renders.
 */
export function FormRoot() {
  // A service link shows the whole application read-only, whatever the path: no profile, no session.
  const isServiceUser = useAtomValue(isServiceUserAtom);
  return <Suspense fallback={<FullScreenSpinner />}>{isServiceUser ? <ServiceView /> : <ApplicantFormRoot />}</Suspense>;
}

function ApplicantFormRoot() {
  const { pathname, search } = useLocation();
  void FormShell.preload();
  const { ready } = useApplyProfile();
  const redirect = useFormRedirect(pathname);
  const redirectState = useRedirectState(pathname, redirect);
  if (!ready) return <FullScreenSpinner />;
  if (redirect) return <Navigate to={{ pathname: redirect, search }} replace state={redirectState} />;
  return <FormShell />;
}
