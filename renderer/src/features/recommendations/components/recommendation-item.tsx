import { useId, useState } from 'react';
import { DONE_STATES, type ChecklistItem } from '../../../../../common/checklist-api';
import type { ApplicantRecommendation } from '../../../../../common/recommendation-api';
import { checklistStateText } from '../../../../../common/checklist/checklist-words';
import { Modal } from '../../../components/ui/modal';
import { errorMessageOf } from '../../../lib/api-errors';
import { useReplaceRecommender, useResendRecommendation, useRevokeRecommendation } from '../api/change-recommendation';
import { formatDay } from '../../../../../common/form/format-day';
import { RecommenderForm } from './recommender-form';

/** The request's state and since when: what the applicant asks us about most. */
function stateText(request: ApplicantRecommendation): string {
  if (request.received_at) return `Received ${formatDay(request.received_at)}`;
  if (request.opened_at) return `Opened ${formatDay(request.opened_at)}`;
  return `Invited ${formatDay(request.last_sent_at)}`;
}

interface RecommendationItemProps {
  request: ApplicantRecommendation;
  /** Its item on the checklist: the state in the checklist's words and what to do next. */
  checklistItem?: ChecklistItem | undefined;
  /** Tells the section what happened, for its status line. */
  onDone: (message: string) => void;
}

/**
 * One request on the applicant's list (issue 28 item 2): who, in what state since when, a refused
 * delivery with what to do, and, until the letter arrives, resend, correct or replace, and revoke
 * (asked first). The letter's text is never shown here, waived or not.
 */
export function RecommendationItem({ request, checklistItem, onDone }: RecommendationItemProps) {
  const nameId = useId();
  const revokeTextId = useId();
  const [dialog, setDialog] = useState<'replace' | 'revoke' | null>(null);
  const resend = useResendRecommendation();
  const replace = useReplaceRecommender();
  const revoke = useRevokeRecommendation();
  const open = request.received_at === null;
  const close = () => setDialog(null);
  // Framed as the checklist frames its items: a received letter as every received item, not as one awaited.
  const done = checklistItem ? DONE_STATES.includes(checklistItem.state) : !open;

  return (
    <li aria-labelledby={nameId} className={`recommendation checklist__item${done ? ' checklist__item--done' : ''}`}>
      <h4 id={nameId}>{request.name}</h4>
      <p>{`${request.relationship}, ${request.email}`}</p>
      <p>
        <strong>{checklistItem ? checklistStateText(checklistItem) : stateText(request)}</strong>
        {request.invitations_sent > 1 && ` (invitation sent ${request.invitations_sent} times, last on ${formatDay(request.last_sent_at)})`}
      </p>
      {checklistItem?.next && <p>{checklistItem.next}</p>}
      {request.delivery_failure && (
        <div className="error-summary">
          <p>{`The invitation to ${request.email} could not be delivered. The mail server said: ${request.delivery_failure}`}</p>
          <p>Check the address with your recommender, then correct the address: we will send the invitation again.</p>
        </div>
      )}
      {open && <p>{`The link we sent works until ${formatDay(request.expires_at)}.`}</p>}
      {resend.error && <p role="alert">{errorMessageOf(resend.error)}</p>}
      {revoke.error && <p role="alert">{errorMessageOf(revoke.error)}</p>}
      {open && (
        <div className="form-dialog__actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={resend.isPending}
            onClick={() => resend.mutate(request.id, { onSuccess: () => onDone(`We sent ${request.name} a new link; the earlier one no longer works.`) })}
          >
            {`Resend to ${request.name}`}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setDialog('replace')}>
            {`Correct or replace ${request.name}`}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setDialog('revoke')}>
            {`Revoke ${request.name}`}
          </button>
        </div>
      )}
      <Modal isOpen={dialog === 'replace'} onClose={close} title={`Correct or replace ${request.name}`} size="m">
        <p>The link we sent stops working, and the recommender you name here gets a new one.</p>
        <RecommenderForm
          initial={{ name: request.name, email: request.email, relationship: request.relationship }}
          submitLabel="Send a new invitation"
          sending={replace.isPending}
          onSend={(input) => replace.mutateAsync({ id: request.id, input })}
          onSent={() => {
            close();
            onDone('We sent the new invitation.');
          }}
        />
      </Modal>
      <Modal isOpen={dialog === 'revoke'} onClose={close} title={`Revoke the request to ${request.name}?`} size="xs" describedBy={revokeTextId}>
        <p id={revokeTextId}>{`The link we sent ${request.name} stops working, and they can no longer send a letter.`}</p>
        <div className="form-dialog__actions">
          <button type="button" className="button button--secondary" onClick={close}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={revoke.isPending}
            onClick={() => {
              close();
              revoke.mutate(request.id, { onSuccess: () => onDone(`The request to ${request.name} is revoked.`) });
            }}
          >
            Revoke the request
          </button>
        </div>
      </Modal>
    </li>
  );
}
