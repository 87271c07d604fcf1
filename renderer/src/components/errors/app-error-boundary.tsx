import { useEffect, type ReactNode } from 'react';
import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { ERROR_BOUNDARY_TOAST_DURATION_MS } from '../../../../common/constants';
import { errorMessageOf } from '../../lib/api-errors';
import { Modal } from '../ui/modal';
import { showErrorToast } from '../ui/notifications';
import { ErrorBoundary, type FallbackProps } from './error-boundary';
import { ToastableError } from './toastable-error';

function UnexpectedErrorDialog({ error, reset }: FallbackProps) {
  return (
    <Modal isOpen title="Unexpected Error" size="xs" onClose={reset}>
      <p>{errorMessageOf(error)}</p>
    </Modal>
  );
}

// The same error thrown again straight after its toast would loop; the second time it gets the dialog.
const toastedErrors = new WeakSet<ToastableError>();

function ToastAndRecover({ error, reset }: { error: ToastableError; reset: () => void }) {
  useEffect(() => {
    toastedErrors.add(error);
    showErrorToast(error.label, error.message, { duration: ERROR_BOUNDARY_TOAST_DURATION_MS });
    reset();
  }, [error, reset]);
  return null;
}

/**
 * Spec platform section 8: errors thrown in pages become a 5-minute error toast when the page
 * can carry on, else the Unexpected Error dialog; closing the dialog renders the page again and
 * lets failed queries fetch again.
 */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <QueryErrorResetBoundary>
      {({ reset: resetQueries }) => (
        <ErrorBoundary
          onReset={resetQueries}
          fallback={({ error, reset }) => {
            if (error instanceof ToastableError && !toastedErrors.has(error)) {
              return <ToastAndRecover error={error} reset={reset} />;
            }
            return <UnexpectedErrorDialog error={error} reset={reset} />;
          }}
        >
          {children}
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}
