import type { QuestionDef } from './types';

/**
 * A question none of whose rules asks for an answer, so it is labelled "(optional)" as GOV.UK does
 * (issue 33 item 7). A rule that asks only under a condition (State when the country is USA or
 * Canada) counts as asking: the question shows when the condition holds. Slot n of a repeated
 * block carries its own rules (`slotQuestion`); an undivided function is slot 1's. An answer given
 * instead of another question's (a tab group's other tab) carries that question's requirement.
 */
export function isOptional(question: QuestionDef): boolean {
  if (question.givenInsteadOf !== undefined) return false;
  const rules = typeof question.rules === 'function' ? question.rules(1) : (question.rules ?? []);
  return !rules.some((rule) => rule.requires);
}
