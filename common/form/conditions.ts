import type { AnswerValue, Answers, Condition } from './types';

/** An answer counts as given when it is not empty: not undefined, null, '' or false. */
export function isAnswered(value: AnswerValue | undefined): boolean {
  if (value === undefined || value === null || value === false) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

function asNumber(value: AnswerValue | undefined): number | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

function compare(value: AnswerValue | undefined, target: Condition['target'], test: (a: number, b: number) => boolean): boolean {
  const left = asNumber(value);
  const right = asNumber(Array.isArray(target) ? undefined : (target as AnswerValue));
  return left !== null && right !== null && test(left, right);
}

function targets(target: Condition['target']): readonly AnswerValue[] {
  return Array.isArray(target) ? target : [target as AnswerValue];
}

/**
 * The one evaluator of conditions (spec platform section 4), shared by the pages, the print view,
 * the PDF and the server. Comparisons are numeric; a missing or non-numeric value never passes.
 */
export function evaluate(condition: Condition, answers: Answers): boolean {
  const value = answers[condition.valueKey];
  switch (condition.operator) {
    case 'equals':
      return value === condition.target;
    case 'notEquals':
      return value !== condition.target;
    case 'lt':
      return compare(value, condition.target, (a, b) => a < b);
    case 'lte':
      return compare(value, condition.target, (a, b) => a <= b);
    case 'gt':
      return compare(value, condition.target, (a, b) => a > b);
    case 'gte':
      return compare(value, condition.target, (a, b) => a >= b);
    case 'answered':
      return isAnswered(value);
    case 'notAnswered':
      return !isAnswered(value);
    case 'in':
      return value !== undefined && targets(condition.target).includes(value);
    case 'notIn':
      return value === undefined || !targets(condition.target).includes(value);
  }
}
