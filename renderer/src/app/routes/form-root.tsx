import { Suspense, useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Navigate, useLocation } from 'react-router-dom';
import { FullScreenSpinner } from '../../components/ui/spinner';
import { useApplyProfile } from '../../features/profile/hooks/use-apply-profile';
import { useFormRedirect, useRedirectState } from '../../features/profile/hooks/use-form-redirect';
import { lazyWithPreload } from '../../lib/lazy-with-preload';
import { isLoggedInAtom, isServiceUserAtom } from '../../state/session';
import { loadValidator, validatorAtom, validatorLoadedAtom } from '../../state/validator';

/**
 * The form's shell (layout, widgets, error summary, autosave) and the service view are chunks of
 * their own (issue 18, item 2): the entry holds what decides which to show, and the shell's
 * download starts with the profile's request, behind the same spinner.
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

/**
 * The whole-application validation is a chunk of its own (issue 18, item 2). A logged-in
 * applicant's form needs it from its first paint (the missing-information panel, the errors while
 * validating), so it loads alongside the profile and the form waits for both; a visitor never
 * validates and never downloads it.
 */
function useValidationReady(needed: boolean): boolean {
  const validate = useAtomValue(validatorAtom);
  const loadedInStore = useSetAtom(validatorLoadedAtom);
  const waiting = needed && validate === null;
  // Started during render, so the download runs alongside the profile's request. It never fails:
  // without a connection it is tried again until it arrives, the spinner showing meanwhile.
  if (waiting) void loadValidator();
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    void loadValidator().then(() => live && loadedInStore((count) => count + 1));
    return () => {
      live = false;
    };
  }, [waiting, loadedInStore]);
  return !waiting;
}

function ApplicantFormRoot() {
  const { pathname, search } = useLocation();
  void FormShell.preload();
  const { ready } = useApplyProfile();
  const validationReady = useValidationReady(useAtomValue(isLoggedInAtom));
  const redirect = useFormRedirect(pathname);
  const redirectState = useRedirectState(pathname, redirect);
  if (!ready || !validationReady) return <FullScreenSpinner />;
  if (redirect) return <Navigate to={{ pathname: redirect, search }} replace state={redirectState} />;
  return <FormShell />;
}
