import { Link } from 'react-router-dom';
import type { DocumentAnswers } from '../../../../../common/api';
import type { PrintItem } from '../../../../../common/form/print-items';
import { RETURN_TO_REVIEW_SEARCH } from '../../../config/paths';

export const NOT_ANSWERED = 'Not answered';

/** What a question's row holds: its label, its answer in words (null: not answered), the key its field is found by. */
export interface AnswerRow {
  label: string;
  answer: string | readonly string[] | null;
  key: string;
}

/** A question's item as a row of the review: the chosen options only, a document by its file's name. */
export function answerRow(item: PrintItem, documents: DocumentAnswers): AnswerRow | null {
  switch (item.kind) {
    case 'field':
      return item.key ? { label: item.label, answer: item.value.trim() ? item.value : null, key: item.key } : null;
    case 'choices': {
      const chosen = item.choices.filter((choice) => choice.checked).map((choice) => choice.label);
      if (!item.key) return null;
      return { label: item.label, answer: chosen.length === 0 ? null : chosen.length === 1 ? chosen[0]! : chosen, key: item.key };
    }
    case 'check':
      return item.key ? { label: item.choice.label, answer: item.choice.checked ? 'Yes' : 'No', key: item.key } : null;
    case 'upload':
      return { label: item.label, answer: documents[item.answerKey]?.file_name ?? (item.value ? 'File attached' : null), key: item.answerKey };
    default:
      return null;
  }
}

function Answer({ answer }: { answer: AnswerRow['answer'] }) {
  if (answer === null) return <span className="summary-list__missing">{NOT_ANSWERED}</span>;
  if (typeof answer === 'string') return answer;
  return (
    <ul className="summary-list__choices">
      {answer.map((label) => (
        <li key={label}>{label}</li>
      ))}
    </ul>
  );
}

/**
 * Rows of GOV.UK's summary list: the question (dt), the answer (dd) and, unless read-only, a
 * Change link (dd) to the question on its page, named for the question ("Change Date of Birth").
 */
export function AnswerRows({ rows, pagePath, readOnly }: { rows: readonly AnswerRow[]; pagePath: string; readOnly: boolean }) {
  if (rows.length === 0) return null;
  return (
    <dl className="summary-list">
      {rows.map((row) => (
        <div key={row.key} className="summary-list__row">
          <dt className="summary-list__key">{row.label}</dt>
          <dd className="summary-list__value">
            <Answer answer={row.answer} />
          </dd>
          {!readOnly && (
            <dd className="summary-list__actions">
              <Link to={{ pathname: pagePath, search: RETURN_TO_REVIEW_SEARCH, hash: `#${row.key}` }}>
                Change<span className="visually-hidden"> {row.label}</span>
              </Link>
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}
