import { Suspense } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { FullScreenSpinner, Spinner } from '../../components/ui/spinner';
import { useAutosave } from '../../features/answers/hooks/use-autosave';
import { AccountMenu } from '../../features/auth/components/account-menu';
import { FormLayout } from '../../features/layout/components/form-layout';
import { MissingInformation } from '../../features/missing-information/components/missing-information';
import { usePrefillLink } from '../../features/prefill/hooks/use-prefill-link';
import { useApplyProfile } from '../../features/profile/hooks/use-apply-profile';
import { useEnsureWebStatus } from '../../features/profile/hooks/use-ensure-web-status';
import { useFormRedirect, useRedirectState } from '../../features/profile/hooks/use-form-redirect';
import { useSaveLastPage } from '../../features/profile/hooks/use-save-last-page';
import { ServiceView } from '../../features/service-view/components/service-view';
import { isServiceUserAtom } from '../../state/session';
import { pages } from '../lazy-pages';

/**
 * The root of the form pages: nothing shows until a logged-in applicant's profile is known, and
 * a page the navigation rules send elsewhere never renders.
 */
export function FormRoot() {
  // A service link shows the whole application read-only, whatever the path: no profile, no session.
  const isServiceUser = useAtomValue(isServiceUserAtom);
  return isServiceUser ? <ServiceView /> : <ApplicantFormRoot />;
}

function ApplicantFormRoot() {
  const { pathname, search } = useLocation();
  const { ready } = useApplyProfile();
  const redirect = useFormRedirect(pathname);
  const redirectState = useRedirectState(pathname, redirect);
  if (!ready) return <FullScreenSpinner />;
  if (redirect) return <Navigate to={{ pathname: redirect, search }} replace state={redirectState} />;
  return <FormShell />;
}

function FormShell() {
  useEnsureWebStatus();
  useSaveLastPage();
  useAutosave();
  usePrefillLink();
  return (
    <FormLayout
      accountMenu={<AccountMenu preloadLogin={pages.login.preload} preloadSignup={pages.signup.preload} />}
      missingInformation={<MissingInformation />}
    >
      <Suspense fallback={<Spinner label="Loading page" />}>
        <Outlet />
      </Suspense>
    </FormLayout>
  );
}
