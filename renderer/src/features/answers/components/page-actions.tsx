import { useState } from 'react';
import { useAtomValue } from 'jotai';
import type { PageDef } from '../../../../../common/form/types';
import { formPages } from '../../../../../common/form/pages';
import { useThrowToBoundary } from '../../../components/errors/use-throw-to-boundary';
import { lastSavedAtAtom } from '../../../state/saved-answers';
import { isServiceUserAtom } from '../../../state/session';
import { useSaveAnswers } from '../hooks/use-save-answers';

export const SAVED_MESSAGE = 'Your answers have been saved.';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

/** Save and Next under a page, and a quiet line saying when the work was last kept. */
export function PageActions({ page }: { page: PageDef }) {
  const save = useSaveAnswers();
  const throwToBoundary = useThrowToBoundary();
  const lastSavedAt = useAtomValue(lastSavedAtAtom);
  const [busy, setBusy] = useState(false);
  const isServiceUser = useAtomValue(isServiceUserAtom);
  const next = formPages[formPages.findIndex((candidate) => candidate.id === page.id) + 1];
  if (isServiceUser) return null;

  const run = (options: Parameters<typeof save>[0]) => {
    setBusy(true);
    save(options)
      .catch(throwToBoundary)
      .finally(() => setBusy(false));
  };

  return (
    <div className="page-actions">
      <div className="page-actions__buttons">
        <button type="button" className="button button--secondary button--save" disabled={busy} onClick={() => run({})}>
          Save
        </button>
        {next && (
          <button
            type="button"
            className="button button--primary button--save"
            disabled={busy}
            onClick={() => run({ then: next.path, successMessage: SAVED_MESSAGE })}
          >
            Save and Continue to {next.title}
          </button>
        )}
      </div>
      <p className="page-actions__saved" role="status">
        {lastSavedAt ? `Saved at ${timeFormat.format(lastSavedAt)}` : ''}
      </p>
    </div>
  );
}
