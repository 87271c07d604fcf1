import { useState, type ComponentType, type ReactNode } from 'react';
import type { AnswerValue, Answers } from '../../../../../../common/api';
import { isOptional } from '../../../../../../common/form/optional';
import type { QuestionDef } from '../../../../../../common/form/types';
import type { AnswerLabels } from '../../../answers/typed-answers';
import type { FieldErrors } from '../../../../state/validation';

/** Writes answers (and the `_desc` labels of chosen options) through the clearing rules. */
export type WriteAnswers = (values: Answers, labels?: AnswerLabels) => void;

export interface WidgetProps {
  question: QuestionDef;
  value: AnswerValue | undefined;
  /** The whole record, for widgets that write more than their own key (check group, SMS opt-in). */
  answers: Answers;
  /** The messages of the question's own key. */
  errors: readonly string[];
  /** Every key's messages, for the further keys a widget writes. */
  fieldErrors: FieldErrors;
  /** The hint paragraph, placed under the label; hintId names it for aria-describedby. */
  hint: ReactNode;
  hintId: string | undefined;
  onChange: WriteAnswers;
}

export interface WidgetView {
  Edit: ComponentType<WidgetProps>;
}

export const errorIdOf = (key: string) => `${key}-errors`;
export const hintIdOf = (key: string) => `${key}-hint`;

export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

export function textOf(value: AnswerValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

/** Options of a dependent select follow the controlling answer (the print model's rule too). */
export { optionsOf } from '../../../../../../common/form/print';

/** An id for one option's input, safe whatever characters the option value holds. */
export function optionIdOf(key: string, value: string): string {
  return `${key}--${value.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/** The attributes every labelled control carries: id = key (error links land here), errors tied. */
export function controlProps(question: QuestionDef, hintId: string | undefined, errors: readonly string[]) {
  const invalid = errors.length > 0;
  return {
    id: question.key,
    name: question.key,
    'aria-invalid': invalid,
    'aria-describedby': describedBy(hintId, invalid && errorIdOf(question.key)),
  };
}

/**
 * Local text for widgets that must not write every keystroke as it stands (a half-typed date, a
 * text area committed on blur). An answer changed from elsewhere (cleared by a rule, loaded from
 * the server) replaces the draft; the widget's own writes do not disturb it.
 */
export function useDraft(stored: string) {
  const [draft, setDraft] = useState(stored);
  const [seen, setSeen] = useState(stored);
  if (stored !== seen) {
    setSeen(stored);
    setDraft(stored);
  }
  return [draft, setDraft] as const;
}

interface ErrorListProps {
  id: string;
  messages: readonly string[];
  /** Checkboxes and radios mark their errors with an icon too (spec platform section 5). */
  icon?: boolean;
}

/**
 * A question's label text, every widget's: "(optional)" after it when no rule asks for an answer,
 * as GOV.UK marks them (issue 33 item 7). Part of the accessible name, so a screen reader says it too.
 */
export function QuestionLabel({ question }: { question: QuestionDef }) {
  return (
    <>
      {question.label}
      {isOptional(question) && <span className="field__optional"> (optional)</span>}
    </>
  );
}

/** A field's messages in red, each shown once. */
export function ErrorList({ id, messages, icon = false }: ErrorListProps) {
  const unique = [...new Set(messages)];
  if (unique.length === 0) return null;
  return (
    <ul id={id} className="question-errors">
      {unique.map((message) => (
        <li key={message} className="question-errors__item">
          {icon && (
            <span className="question-errors__icon" aria-hidden="true">
              ⚠
            </span>
          )}
          {message}
        </li>
      ))}
    </ul>
  );
}

export function fieldClassName(invalid: boolean, ...extra: string[]): string {
  return ['field', invalid ? 'field--invalid' : '', ...extra].filter(Boolean).join(' ');
}

interface ChoiceFieldsetProps {
  question: QuestionDef;
  /** Every message of the group, its members' included. */
  messages: readonly string[];
  hint: ReactNode;
  hintId: string | undefined;
  choicesClassName: string;
  children: ReactNode;
}

/**
 * The frame of a radio or check group: a fieldset carrying the key as id, focusable so an error
 * link can land on it, its legend, hint, choices and errors marked with an icon.
 */
export function ChoiceFieldset({ question, messages, hint, hintId, choicesClassName, children }: ChoiceFieldsetProps) {
  const invalid = messages.length > 0;
  const errorId = errorIdOf(question.key);
  return (
    <fieldset
      id={question.key}
      tabIndex={-1}
      className={fieldClassName(invalid, 'fieldset')}
      aria-invalid={invalid}
      aria-describedby={describedBy(hintId, invalid && errorId)}
    >
      <legend className="field__label">
        <QuestionLabel question={question} />
      </legend>
      {hint}
      <div className={choicesClassName}>{children}</div>
      <ErrorList id={errorId} messages={messages} icon />
    </fieldset>
  );
}

interface LabelledFieldProps {
  question: QuestionDef;
  errors: readonly string[];
  hint: ReactNode;
  /** The control, then anything under it (a counter) before the errors. */
  children: ReactNode;
}

/** The frame of a single-control question: label, hint, the control, its errors in red. */
export function LabelledField({ question, errors, hint, children }: LabelledFieldProps) {
  return (
    <div className={fieldClassName(errors.length > 0)}>
      <label className="field__label" htmlFor={question.key}>
        <QuestionLabel question={question} />
      </label>
      {hint}
      {children}
      <ErrorList id={errorIdOf(question.key)} messages={errors} />
    </div>
  );
}
