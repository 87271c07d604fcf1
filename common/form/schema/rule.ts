import type { AnswerValue, Answers, QuestionDef } from '../types';

/** What a rule may look at besides the value: every answer (hidden ones cleared) and the day. */
export interface RuleContext {
  answers: Answers;
  /** Dates are judged against this day: the institution's (calendar-day.ts), or a fixed one in tests. */
  today: Date;
  /** The question that asks for the key, when the key is a question's own (not a member or opt-in). */
  question?: QuestionDef;
}

/** A fixed message, or one built from the field's label (taken from its question). */
export type Message = string | ((label: string) => string);

/**
 * One named validation rule: a pure test and its message. The schema builder turns each into a
 * yup test. An explicit rule replaces the generic default of the same name (a date's own
 * "invalid date" message, a phone's own format message).
 */
export interface FieldRule {
  name: string;
  message: Message;
  /** True when the value passes. */
  test: (value: AnswerValue | undefined, context: RuleContext) => boolean;
}

/** The rules of each answer key (or check-group id), beyond the generic defaults. */
export type RuleTable = Readonly<Record<string, readonly FieldRule[]>>;

export function messageFor(message: Message, label: string): string {
  return typeof message === 'function' ? message(label) : message;
}
