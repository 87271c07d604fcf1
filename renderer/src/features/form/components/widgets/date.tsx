import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { answerOfParts, DATE_PART_ORDER, partsOfAnswer, typeIntoPart, type DatePart, type DateParts } from '../../../../../../common/form/typed-date';
import type { QuestionDef } from '../../../../../../common/form/types';
import {
  describedBy,
  errorIdOf,
  ErrorList,
  fieldClassName,
  QuestionLabel,
  textOf,
  type WidgetProps,
  type WidgetView,
} from './field-parts';

/** The fields' labels: the legend names the date, each field its part (GOV.UK's date input). */
export const DATE_PART_LABELS: Readonly<Record<DatePart, string>> = { month: 'Month', day: 'Day', year: 'Year' };

/** The month carries the key as id, so an error link lands where the date is typed from. */
export function datePartIdOf(key: string, part: DatePart): string {
  return part === 'month' ? key : `${key}-${part}`;
}

/** A birth date's parts autofill from the browser's bday-month, bday-day and bday-year. */
function autoCompleteOf(question: QuestionDef, part: DatePart): string | undefined {
  return question.autoComplete === 'bday' ? `bday-${part}` : undefined;
}

/**
 * The typed parts. An answer changed from elsewhere (cleared by a rule, loaded from the server)
 * replaces them; the widget's own writes do not, so a half-typed date stays to be finished.
 */
function useDateDraft(stored: string) {
  const [draft, setDraft] = useState(() => ({ parts: partsOfAnswer(stored), seen: stored }));
  let current = draft;
  if (stored !== draft.seen) {
    current = { parts: partsOfAnswer(stored), seen: stored };
    setDraft(current);
  }
  const write = (parts: DateParts, storing: string) => setDraft({ parts, seen: storing });
  return [current.parts, write] as const;
}

/** Moves focus, the caret at the end, to the part typing went on to, once it shows what it holds. */
function useCaretMove(inputs: Record<DatePart, RefObject<HTMLInputElement | null>>) {
  const targetRef = useRef<DatePart | null>(null);
  useLayoutEffect(() => {
    const part = targetRef.current;
    targetRef.current = null;
    const input = part && inputs[part].current;
    if (!input) return;
    if (document.activeElement !== input) input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  });
  return targetRef;
}

/**
 * Month, day and year as three numeric text fields under one legend (issue 26, item 2): every
 * engine takes digits typed into them, where WebKit's date field lost them. The answer holds
 * YYYY-MM-DD while the parts make a day the calendar has, else what was typed (13/32/88), so it is
 * saved and shown again rather than lost (issue 33, item 2: a departure from form-content
 * section 4, docs/decisions.md); when focus leaves the date, the question says it is not a date,
 * in the words the validation uses for that date (left-fields.ts).
 */
function DateInput({ question, value, errors, hint, hintId, onChange }: WidgetProps) {
  const stored = textOf(value);
  const [parts, writeParts] = useDateDraft(stored);
  const inputs = { month: useRef<HTMLInputElement>(null), day: useRef<HTMLInputElement>(null), year: useRef<HTMLInputElement>(null) };
  const caretMoveRef = useCaretMove(inputs);

  const type = (part: DatePart, text: string) => {
    const typed = typeIntoPart(parts, part, text);
    const answer = answerOfParts(typed.parts);
    writeParts(typed.parts, answer ?? '');
    if (typed.focus !== part) caretMoveRef.current = typed.focus;
    if ((answer ?? '') !== stored) onChange({ [question.key]: answer });
  };

  const invalid = errors.length > 0;
  const errorId = errorIdOf(question.key);
  return (
    <fieldset
      className={fieldClassName(invalid, 'fieldset', 'date-field')}
      aria-describedby={describedBy(hintId, invalid && errorId)}
    >
      <legend className="field__label">
        <QuestionLabel question={question} />
      </legend>
      {hint}
      <div className="date-field__parts">
        {DATE_PART_ORDER.map((part) => (
          <div key={part} className={`date-field__part date-field__part--${part}`}>
            <label className="date-field__label" htmlFor={datePartIdOf(question.key, part)}>
              {DATE_PART_LABELS[part]}
            </label>
            <input
              ref={inputs[part]}
              id={datePartIdOf(question.key, part)}
              name={datePartIdOf(question.key, part)}
              className="field__input date-field__input"
              type="text"
              inputMode="numeric"
              autoComplete={autoCompleteOf(question, part)}
              aria-invalid={invalid}
              value={parts[part]}
              onChange={(event) => type(part, event.target.value)}
            />
          </div>
        ))}
      </div>
      <ErrorList id={errorId} messages={errors} />
    </fieldset>
  );
}

export const dateWidget: WidgetView = { Edit: DateInput };
