import { Suspense } from 'react';
import { useAtomValue } from 'jotai';
import { Outlet } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { useAutosave } from '../../features/answers';
import { FormLayout } from '../../features/layout';
import { usePrefillLink } from '../../features/prefill';
import { useEnsureWebStatus, useSaveLastPage } from '../../features/profile';
import { lazyWithPreload } from '../../lib/lazy-with-preload';
import { validatorAtom } from '../../state/validator';
import { pages } from '../lazy-pages';
import { AccountMenu } from './account-menu';
import { AfterFirstPaint } from './after-first-paint';

/**
 * The error summary and the missing-information panel show what the validation finds, so they
 * load with it (after the first paint, issue 26, item 5), and with the whole form's definition
 * they name pages from; until then they would show nothing.
 */
const ErrorSummary = lazyWithPreload(() => import('../../features/form/components/error-summary').then((module) => module.ErrorSummary));
const MissingInformation = lazyWithPreload(() =>
  import('../../features/missing-information/components/missing-information').then((module) => module.MissingInformation),
);

function ValidationResults() {
  if (useAtomValue(validatorAtom) === null) return null;
  return (
    <Suspense fallback={null}>
      <ErrorSummary />
      <MissingInformation />
    </Suspense>
  );
}

/** A logged-in applicant's (or a visitor's) form: its layout around the page, loaded by FormRoot. */
export function FormShell() {
  useEnsureWebStatus();
  useSaveLastPage();
  useAutosave();
  usePrefillLink();
  return (
    <FormLayout
      accountMenu={<AccountMenu preloadLogin={pages.login.preload} preloadSignup={pages.signup.preload} />}
      missingInformation={<ValidationResults />}
    >
      <Suspense fallback={<Spinner label="Loading page" />}>
        <Outlet />
        <AfterFirstPaint />
      </Suspense>
    </FormLayout>
  );
}
