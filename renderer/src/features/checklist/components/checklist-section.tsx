import type { ChecklistItem, ChecklistKind, ChecklistResponse } from '../../../../../common/checklist-api';
import { ApiError, errorMessageOf } from '../../../lib/api-errors';
import { checklistSummaryText } from '../../../../../common/checklist/checklist-words';
import { formatDay } from '../../../../../common/form/format-day';
import { Spinner } from '../../../components/ui/spinner';
import { ApplicationPdfLink } from '../../application-pdf';
import { LettersSection } from '../../recommendations';
import { useChecklist } from '../api/get-checklist';
import { ChecklistRow } from './checklist-row';
import { DocumentUpload } from './document-upload';

export const CHECKLIST_TITLE = 'Your checklist';

/** The groups before the letters, in the order the steps above name them; program documents come after. */
const groupsBeforeLetters: readonly { kind: ChecklistKind; title: string }[] = [
  { kind: 'application', title: 'Your application' },
  { kind: 'fee', title: 'Application fee' },
  { kind: 'transcript', title: 'Transcripts' },
];
const DOCUMENTS_TITLE = 'Program documents';

/** A letter not yet asked for (`letter:open:<n>`): the named ones are the letters section's requests. */
const isOpenLetter = (item: ChecklistItem) => item.kind === 'letter' && item.id.startsWith('letter:open:');

/** What a row offers beyond its words: the application's PDF, an awaited document's upload. */
function RowControls({ item }: { item: ChecklistItem }) {
  if (item.kind === 'application') return <ApplicationPdfLink />;
  if (item.kind === 'document' && item.state === 'awaiting') return <DocumentUpload documentKey={item.id.slice('document:'.length)} label={item.label} />;
  return null;
}

function Group({ title, items }: { title: string; items: readonly ChecklistItem[] }) {
  const id = `checklist-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="checklist__group">
      <h3 id={id}>{title}</h3>
      <ul className="checklist__items">
        {items.map((item) => (
          <ChecklistRow key={item.id} item={item}>
            <RowControls item={item} />
          </ChecklistRow>
        ))}
      </ul>
    </section>
  );
}

function Checklist({ checklist }: { checklist: ChecklistResponse }) {
  const letters = checklist.items.filter((item) => item.kind === 'letter');
  const ofKind = (kind: ChecklistKind) => checklist.items.filter((item) => item.kind === kind);
  return (
    <>
      <p>
        {`We received your application on ${formatDay(checklist.submitted_at)}. `}
        <strong>{checklist.summary.complete ? 'Your file is complete.' : `${checklistSummaryText(checklist.summary)}.`}</strong>
      </p>
      {groupsBeforeLetters.map(({ kind, title }) => ofKind(kind).length > 0 && <Group key={kind} title={title} items={ofKind(kind)} />)}
      <LettersSection checklist={letters}>
        {letters.filter(isOpenLetter).map((item) => (
          <ChecklistRow key={item.id} item={item} />
        ))}
      </LettersSection>
      {ofKind('document').length > 0 && <Group title={DOCUMENTS_TITLE} items={ofKind('document')} />}
    </>
  );
}

/**
 * The applicant's checklist on /completion (issue 28 items 1 and 3), below the spec's steps: every
 * item with its state in words, since when and what to do next; the letters are the letters
 * section's requests. Before submission the server answers 409 and only the letters show, as before.
 */
export function ChecklistSection() {
  const checklist = useChecklist();
  const notSubmitted = checklist.error instanceof ApiError && checklist.error.status === 409;
  return (
    <section aria-labelledby="checklist-title" className="checklist">
      <h2 id="checklist-title">{CHECKLIST_TITLE}</h2>
      {checklist.isPending && <Spinner label="Loading your checklist" />}
      {checklist.error && !notSubmitted && <p role="alert">{errorMessageOf(checklist.error)}</p>}
      {checklist.data ? <Checklist checklist={checklist.data} /> : !checklist.isPending && <LettersSection />}
    </section>
  );
}
