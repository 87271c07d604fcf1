import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { useAutosave } from '../../features/answers/hooks/use-autosave';
import { AccountMenu } from '../../features/auth/components/account-menu';
import { ErrorSummary } from '../../features/form/components/error-summary';
import { FormLayout } from '../../features/layout/components/form-layout';
import { MissingInformation } from '../../features/missing-information/components/missing-information';
import { usePrefillLink } from '../../features/prefill/hooks/use-prefill-link';
import { useEnsureWebStatus } from '../../features/profile/hooks/use-ensure-web-status';
import { useSaveLastPage } from '../../features/profile/hooks/use-save-last-page';
import { pages } from '../lazy-pages';
import { ValidationWhenIdle } from './validation-when-idle';

/** A logged-in applicant's (or a visitor's) form: its layout around the page, loaded by FormRoot. */
export function FormShell() {
  useEnsureWebStatus();
  useSaveLastPage();
  useAutosave();
  usePrefillLink();
  return (
    <FormLayout
      accountMenu={<AccountMenu preloadLogin={pages.login.preload} preloadSignup={pages.signup.preload} />}
      missingInformation={
        <>
          <ErrorSummary />
          <MissingInformation />
        </>
      }
    >
      <Suspense fallback={<Spinner label="Loading page" />}>
        <Outlet />
        <ValidationWhenIdle />
      </Suspense>
    </FormLayout>
  );
}
