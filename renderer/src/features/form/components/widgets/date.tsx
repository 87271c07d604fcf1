import { isCalendarDay } from '../../../../../../common/form/calendar-day';
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
          const next = isCalendarDay(typed) ? typed : null;
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
