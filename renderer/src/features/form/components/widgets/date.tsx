import { printDate } from '../../../../../../common/form/print';
import {
  controlProps,
  LabelledField,
  PrintField,
  type PrintProps,
  textOf,
  useDraft,
  type WidgetProps,
  type WidgetView,
} from './field-parts';

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (the value format of DESIGN.md section 3). */
export function isValidDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The answer holds a date only while the input holds a valid one (form-content section 4): a
 * half-typed or impossible date clears it, and the typed text stays in the field to be fixed.
 */
function DateInput({ question, value, errors, hint, hintId, onChange }: WidgetProps) {
  const stored = textOf(value);
  const [draft, setDraft] = useDraft(stored);
  return (
    <LabelledField question={question} errors={errors} hint={hint}>
      <input
        {...controlProps(question, hintId, errors)}
        className="field__input field__input--date"
        type="date"
        value={draft}
        onChange={(event) => {
          const typed = event.target.value;
          const next = isValidDate(typed) ? typed : null;
          setDraft(typed);
          if ((next ?? '') !== stored) onChange({ [question.key]: next });
        }}
      />
    </LabelledField>
  );
}

/** MM/DD/YYYY, as American admissions staff read dates. */
function DatePrint({ question, value }: PrintProps) {
  return <PrintField label={question.label}>{printDate(value)}</PrintField>;
}

export const dateWidget: WidgetView = { Edit: DateInput, Print: DatePrint };
