import { useState } from 'react';
import type { PageDef } from '../../../../../common/form/types';
import { formPages } from '../../../../../common/form/pages';
import { useThrowToBoundary } from '../../../components/errors/use-throw-to-boundary';
import { useSaveAnswers } from '../hooks/use-save-answers';
import { useSubmitApplication } from '../hooks/use-submit-application';
import { OfflineStatus } from './offline-status';

export const SAVED_MESSAGE = 'Your answers have been saved.';

/** Save and Next (Submit on the last page) under a page, and the line saying when the work was last saved, or that it waits for a connection. */
export function PageActions({ page }: { page: PageDef }) {
  const save = useSaveAnswers();
  const submit = useSubmitApplication();
  const throwToBoundary = useThrowToBoundary();
  const [busy, setBusy] = useState(false);
  const next = formPages[formPages.findIndex((candidate) => candidate.id === page.id) + 1];

  // Spec platform section 4: both buttons are wrapped by the dialog error handling.
  const run = (action: () => Promise<unknown>) => {
    setBusy(true);
    action()
      .catch(throwToBoundary)
      .finally(() => setBusy(false));
  };

  return (
    <div className="page-actions">
      <div className="page-actions__buttons">
        <button type="button" className="button button--secondary button--save" disabled={busy} onClick={() => run(() => save())}>
          Save
        </button>
        {next && (
          <button
            type="button"
            className="button button--primary button--save"
            disabled={busy}
            onClick={() => run(() => save({ then: next.path, successMessage: SAVED_MESSAGE }))}
          >
            Save and Continue to {next.title}
          </button>
        )}
        {!next && (
          <button type="button" className="button button--primary button--submit" disabled={busy} onClick={() => run(submit)}>
            Submit
          </button>
        )}
      </div>
      <OfflineStatus />
    </div>
  );
}
