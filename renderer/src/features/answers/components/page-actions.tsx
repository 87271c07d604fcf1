import { useLocation, useNavigate } from 'react-router-dom';
import type { PageDef } from '../../../../../common/form/types';
import { formPages } from '../../../../../common/form/pages';
import { reviewHeading } from '../../../../../common/form/page-list';
import { isReturningToReview, paths } from '../../../config/paths';
import { useCheckAnswers } from '../hooks/use-check-answers';
import { useRunAction } from '../hooks/use-run-action';
import { useSaveAnswers } from '../hooks/use-save-answers';
import { OfflineStatus } from './offline-status';

export const SAVED_MESSAGE = 'Your answers have been saved.';
export const CONTINUE_TO_REVIEW = `Save and Continue to ${reviewHeading.title}`;
export const RETURN_TO_REVIEW = `Save and Return to ${reviewHeading.title}`;

/**
 * Save and Next under a page (on the last page, Continue to the review page, where Submit is), and
 * the line saying when the work was last saved, or that it waits for a connection. A page opened
 * by a Change link on the review page returns there instead (issue 33 item 4).
 */
export function PageActions({ page }: { page: PageDef }) {
  const save = useSaveAnswers();
  const check = useCheckAnswers();
  const navigate = useNavigate();
  const returning = isReturningToReview(useLocation().search);
  const { busy, run } = useRunAction();
  const next = formPages[formPages.findIndex((candidate) => candidate.id === page.id) + 1];
  // The review page follows once the check passes: the whole form's, or (back from a change) this
  // page's, so a question the change opened is answered before the applicant returns.
  const toReview = (only?: PageDef) => run(async () => (await check(only)) && navigate(paths.review));

  return (
    <div className="page-actions">
      <div className="page-actions__buttons">
        <button type="button" className="button button--secondary button--save" disabled={busy} onClick={() => run(() => save())}>
          Save
        </button>
        {returning && (
          <button type="button" className="button button--primary button--save" disabled={busy} onClick={() => toReview(page)}>
            {RETURN_TO_REVIEW}
          </button>
        )}
        {!returning && next && (
          <button
            type="button"
            className="button button--primary button--save"
            disabled={busy}
            onClick={() => run(() => save({ then: next.path, successMessage: SAVED_MESSAGE }))}
          >
            Save and Continue to {next.title}
          </button>
        )}
        {!returning && !next && (
          <button type="button" className="button button--primary button--save" disabled={busy} onClick={() => toReview()}>
            {CONTINUE_TO_REVIEW}
          </button>
        )}
      </div>
      <OfflineStatus />
    </div>
  );
}
