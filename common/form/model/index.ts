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
