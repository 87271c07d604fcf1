import { formPages } from '../pages';
import type { FieldDef, FieldType, QuestionDef } from '../types';
import { defaultMaxLength, fieldsOfPages } from './define';

export { DOCUMENT_ANSWERED } from './define';

/**
 * The complete answer model of form-content section 3 (`fieldsOfPages`): every key the store
 * accepts, read from the pages' question declarations. The API refuses any key that is not here.
 */
export const answerFields: readonly FieldDef[] = fieldsOfPages(formPages);

export const answerModel: ReadonlyMap<string, FieldDef> = new Map(answerFields.map((field) => [field.key, field]));

export function fieldDef(key: string): FieldDef | undefined {
  return answerModel.get(key);
}

/**
 * The longest answer a question takes, in one place for the input, its counter, the rules and the
 * server (which refuses a value longer than the model line): its declaration's, or its type's
 * default. A question outside the shipped form (a test's) may lower, never raise, its key's.
 */
export function maxLengthOf(question: Pick<QuestionDef, 'key' | 'widget' | 'maxLength'>): number {
  const declared = fieldDef(question.key)?.maxLength ?? defaultMaxLength(question.widget as FieldType);
  return Math.min(declared, question.maxLength ?? Infinity);
}

/** An upload question: its answer is written only by its document's conversion, never by a save. */
export function isUploadKey(key: unknown): key is string {
  return typeof key === 'string' && fieldDef(key)?.type === 'upload';
}

/** An answer that may hold tabs and line breaks (a textarea's: essays, explanations); every other string is one line. */
export function isMultiLineKey(key: string): boolean {
  return fieldDef(key)?.type === 'textarea';
}

/** The keys sealed at rest and masked for staff (a question declared `sensitive`: the SSN). */
export const sensitiveKeys: readonly string[] = answerFields.filter((field) => field.sensitive).map((field) => field.key);

export function isSensitiveKey(key: string): boolean {
  return fieldDef(key)?.sensitive === true;
}
