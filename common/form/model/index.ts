import type { FieldDef } from '../types';
import { aboutFields } from './about';
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

/** An upload question: its answer is written only by its document's conversion, never by a save. */
export function isUploadKey(key: unknown): key is string {
  return typeof key === 'string' && fieldDef(key)?.type === 'upload';
}

/** The answer of an upload question whose document is converted (the only value it takes). */
export const DOCUMENT_ANSWERED = 'ANSWERED';
