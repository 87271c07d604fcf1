import type { FieldDef, FieldType, QuestionDef } from '../types';
import { aboutFields } from './about';
import { defaultMaxLength } from './define';
import { educationFields } from './education';
import { finalStepsFields } from './final-steps';

/**
 * The complete answer model of form-content section 3: every key the store accepts, with its
 * type, page and length limit. The API refuses any key that is not here.
 */
export const answerFields: readonly FieldDef[] = [...aboutFields, ...educationFields, ...finalStepsFields];

export const answerModel: ReadonlyMap<string, FieldDef> = new Map(answerFields.map((field) => [field.key, field]));

export function fieldDef(key: string): FieldDef | undefined {
  return answerModel.get(key);
}

/**
 * The longest answer a question takes, in one place for the input, its counter, the rules and the
 * server (which refuses a value longer than the model line): the model's limit, which a question
 * may lower but never raise. A question outside the model (a test's) gets its type's default.
 */
export function maxLengthOf(question: Pick<QuestionDef, 'key' | 'widget' | 'maxLength'>): number {
  const modelLimit = fieldDef(question.key)?.maxLength ?? defaultMaxLength(question.widget as FieldType);
  return Math.min(modelLimit, question.maxLength ?? Infinity);
}

/** An upload question: its answer is written only by its document's conversion, never by a save. */
export function isUploadKey(key: unknown): key is string {
  return typeof key === 'string' && fieldDef(key)?.type === 'upload';
}

/** An answer that may hold tabs and line breaks (a textarea's: essays, explanations); every other string is one line. */
export function isMultiLineKey(key: string): boolean {
  return fieldDef(key)?.type === 'textarea';
}

/** The answer of an upload question whose document is converted (the only value it takes). */
export const DOCUMENT_ANSWERED = 'ANSWERED';
