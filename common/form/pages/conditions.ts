import type { AnswerValue, Condition } from '../types';

/**
 * Condition shapes every page uses, named once. A page's own conditions (its codes, its keys)
 * live beside its modules (`about/conditions.ts`) and are built from these.
 */

export const answered = (key: string): Condition => ({ valueKey: key, operator: 'answered' });

export const notAnswered = (key: string): Condition => ({ valueKey: key, operator: 'notAnswered' });

export const equals = (key: string, target: AnswerValue): Condition => ({ valueKey: key, operator: 'equals', target });

export const yes = (key: string): Condition => equals(key, 'Y');

export const no = (key: string): Condition => equals(key, 'N');

export const oneOf = (key: string, targets: readonly AnswerValue[]): Condition => ({ valueKey: key, operator: 'in', target: targets });
