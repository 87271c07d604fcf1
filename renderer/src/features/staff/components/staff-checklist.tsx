import type { ChecklistItem, ChecklistResponse, FeeState, TranscriptState } from '../../../../../common/checklist-api';
import { checklistDocumentAnswerKey, feeStates, receiptStates } from '../../../../../common/checklist-api';
import { showErrorToast, showSuccessToast } from '../../../components/ui/notifications';
import { errorMessageOf } from '../../../lib/api-errors';
import { checklistStateWords, checklistSummaryText } from '../../../../../common/checklist/checklist-words';
import { ChecklistRow } from '../../checklist';
import { applicationDocumentUrl } from '../api/get-staff-application';
import { recordPathOf, useRecordChecklist } from '../api/record-checklist';

export const CHECKLIST_ERROR_LABEL = 'Checklist Error';

function RecordControls({ applicationId, item }: { applicationId: string; item: ChecklistItem }) {
  const record = useRecordChecklist(applicationId);
  const path = recordPathOf(applicationId, item);
  if (path === null) return null;
  const states = item.kind === 'fee' ? feeStates : receiptStates;
  const send = (state: FeeState | TranscriptState) => {
    record.mutate({ path, state }, {
      onSuccess: () => showSuccessToast(`${item.label}: recorded as ${checklistStateWords[state].toLowerCase()}.`),
      onError: (error) => showErrorToast(CHECKLIST_ERROR_LABEL, errorMessageOf(error)),
    });
  };
  return (
    <div role="group" aria-label={`Record: ${item.label}`} className="staff-checklist__record">
      <span aria-hidden="true">Record as:</span>
      {states.map((state) => (
        <button
          key={state}
          type="button"
          className="button button--secondary"
          aria-pressed={item.state === state}
          disabled={record.isPending}
          onClick={() => item.state !== state && send(state)}
        >
          {item.state === state && <span aria-hidden="true">✓ </span>}
          {checklistStateWords[state]}
        </button>
      ))}
    </div>
  );
}

/** A program document the applicant sent after submission opens on its own (it is also in the application PDF). */
function SentLaterLink({ applicationId, item, documentsSentLater }: { applicationId: string; item: ChecklistItem; documentsSentLater: readonly string[] }) {
  const documentKey = item.id.slice('document:'.length);
  if (item.kind !== 'document' || !documentsSentLater.includes(documentKey)) return null;
  return (
    <p>
      <a href={applicationDocumentUrl(applicationId, checklistDocumentAnswerKey(documentKey))} target="_blank" rel="noreferrer">
        {`Open the ${item.label.toLowerCase()} sent after submission (PDF)`}
      </a>
    </p>
  );
}

interface StaffChecklistProps {
  applicationId: string;
  checklist: ChecklistResponse | null;
  /** The program documents sent after submission, by key (StaffApplicationResponse). */
  documentsSentLater: readonly string[];
}

/**
 * The staff view's checklist (issue 28 item 4): the applicant's items with their states in words;
 * staff record the fee (paid, waived, awaiting), each transcript and each program document
 * (received, awaiting), and open a document sent after submission. Each record is confirmed in a
 * toast and the list is read again.
 */
export function StaffChecklist({ applicationId, checklist, documentsSentLater }: StaffChecklistProps) {
  return (
    <section aria-labelledby="staff-checklist-title" className="staff-checklist">
      <h2 id="staff-checklist-title">Checklist</h2>
      {checklist === null ? (
        <p>The application is in progress: its checklist starts when it is submitted.</p>
      ) : (
        <>
          <p>
            <strong>{checklistSummaryText(checklist.summary)}</strong>
          </p>
          <ul className="checklist__items">
            {checklist.items.map((item) => (
              <ChecklistRow key={item.id} item={item} level={3} withNext={false}>
                <SentLaterLink applicationId={applicationId} item={item} documentsSentLater={documentsSentLater} />
                <RecordControls applicationId={applicationId} item={item} />
              </ChecklistRow>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
