import { useId, useRef, useState } from 'react';
import { letterAnswerKey, type StaffRecommendation } from '../../../../../common/checklist-api';
import { Modal } from '../../../components/ui/modal';
import { showErrorToast, showSuccessToast } from '../../../components/ui/notifications';
import { errorMessageOf } from '../../../lib/api-errors';
import { checklistStateWords } from '../../../../../common/checklist/checklist-words';
import { formatDay } from '../../../../../common/form/format-day';
import { applicationDocumentUrl } from '../api/get-staff-application';
import { useRevokeRecommendationLink } from '../api/record-checklist';
import { CHECKLIST_ERROR_LABEL } from './staff-checklist';

export const CONFIDENTIAL_MARK = 'Confidential: the applicant waived the right to read this letter';
/** A letter sent as a file has no text here: it opens on its own, and the application PDF carries it after the documents. */
export const UPLOADED_LETTER_TEXT = 'Sent as a file: it is also in the application PDF, after the documents.';

/** The dates a request went through, in words: invited, opened, received. */
function datesOf(request: StaffRecommendation): string {
  const dates: [string, string | null][] = [
    [checklistStateWords.invited, request.invited_at],
    [checklistStateWords.opened, request.opened_at],
    [checklistStateWords.received, request.received_at],
  ];
  return dates
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([words, at]) => `${words} ${formatDay(at)}`)
    .join(' · ');
}

interface LetterProps {
  applicationId: string;
  request: StaffRecommendation;
  /** Revoking a link is for admins (docs/decisions.md, "Who may record what"). */
  canRevoke: boolean;
  /** After a revoke the request leaves the list: the focus goes to the section's heading. */
  onRevoked: () => void;
}

function Letter({ applicationId, request, canRevoke, onRevoked }: LetterProps) {
  const nameId = useId();
  const confirmId = useId();
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeRecommendationLink(applicationId);
  const revokeLink = () => {
    setConfirming(false);
    revoke.mutate(
      { id: applicationId, request: request.id },
      {
        onSuccess: () => {
          showSuccessToast(`The link sent to ${request.name} no longer works.`);
          onRevoked();
        },
        onError: (error) => showErrorToast(CHECKLIST_ERROR_LABEL, errorMessageOf(error)),
      },
    );
  };
  return (
    <li aria-labelledby={nameId} className="checklist__item">
      <h3 id={nameId}>{request.name}</h3>
      <p>{`${request.relationship}, ${request.email}`}</p>
      <p>
        <strong>{checklistStateWords[request.state]}</strong>
        {` (${datesOf(request)})`}
      </p>
      {request.delivery_failure && <p>{`${checklistStateWords.refused}: ${request.delivery_failure}`}</p>}
      {request.confidential && (
        <p className="staff-letters__confidential">
          <strong>{CONFIDENTIAL_MARK}</strong>
        </p>
      )}
      {request.letter_text !== null && <blockquote className="staff-letters__text">{request.letter_text}</blockquote>}
      {request.letter_text === null && request.received_at !== null && (
        <p>
          <a href={applicationDocumentUrl(applicationId, letterAnswerKey(request.id))} target="_blank" rel="noreferrer">
            {`Open the letter from ${request.name} (PDF)`}
          </a>
          {` ${UPLOADED_LETTER_TEXT}`}
        </p>
      )}
      {canRevoke && request.received_at === null && (
        <button type="button" className="button button--secondary staff-letters__revoke" disabled={revoke.isPending} onClick={() => setConfirming(true)}>
          Revoke link
          <span className="visually-hidden">{` of ${request.name}`}</span>
        </button>
      )}
      <Modal isOpen={confirming} onClose={() => setConfirming(false)} title={`Revoke the link sent to ${request.name}?`} size="xs" describedBy={confirmId}>
        <p id={confirmId}>{`${request.name} can no longer send a letter with it. The applicant can name them again.`}</p>
        <div className="form-dialog__actions">
          <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
            Cancel
          </button>
          <button type="button" className="button button--primary" onClick={revokeLink}>
            Revoke the link
          </button>
        </div>
      </Modal>
    </li>
  );
}

/**
 * The letters staff read (issue 28 item 4): every request with its state and dates, the typed
 * letter, marked confidential when the applicant waived the right to read it, and a link an
 * admin can revoke (asked first) until the letter arrives.
 */
interface StaffLettersProps {
  applicationId: string;
  recommendations: readonly StaffRecommendation[];
  canRevoke: boolean;
}

export function StaffLetters({ applicationId, recommendations, canRevoke }: StaffLettersProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section aria-labelledby="staff-letters-title" className="staff-letters">
      <h2 id="staff-letters-title" ref={heading} tabIndex={-1}>
        Letters of recommendation
      </h2>
      {recommendations.length === 0 ? (
        <p>No recommender has been named.</p>
      ) : (
        <ul className="checklist__items">
          {recommendations.map((request) => (
            <Letter key={request.id} applicationId={applicationId} request={request} canRevoke={canRevoke} onRevoked={() => heading.current?.focus()} />
          ))}
        </ul>
      )}
    </section>
  );
}
