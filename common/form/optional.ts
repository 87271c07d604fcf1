import { tabGroups } from './form-state';
import type { QuestionDef } from './types';

/** A tab group's other tabs' keys: the group's text key carries its requirement for every tab. */
const tabKeys = new Set(tabGroups.flatMap((group) => group.tabs.flatMap((tab) => tab.keys)).filter((key) => !tabGroups.some((group) => group.id === key)));

/**
 * A question none of whose rules asks for an answer, so it is labelled "(optional)" as GOV.UK does
 * (issue 33 item 7). A rule that asks only under a condition (State when the country is USA or
 * Canada) counts as asking: the question shows when the condition holds. Slot n of a repeated
 * block carries its own rules (`slotQuestion`); an undivided function is slot 1's.
 */
export function isOptional(question: QuestionDef): boolean {
  if (tabKeys.has(question.key)) return false;
  const rules = typeof question.rules === 'function' ? question.rules(1) : (question.rules ?? []);
  return !rules.some((rule) => rule.requires);
}
