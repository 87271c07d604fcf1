import { ADD_ANOTHER_MAX } from '../constants';
import { addAnotherButtonsOf, tabGroupsOf } from './form-state';
import type { FieldDef, FieldRule, PageDef, QuestionDef } from './types';
import { allQuestions } from './visibility';

/**
 * The definition checks of what sections and rules declare besides their questions: the tab groups
 * and Add Another buttons the sections show, and the answers each rule and worked-out hint reads.
 * Each problem is a sentence naming the keys involved (config-checks.ts runs them all).
 */

type Model = ReadonlyMap<string, FieldDef>;

const quoted = (keys: Iterable<string>) => [...keys].map((key) => `'${key}'`).join(', ');

/** The server takes a tab choice or a count by id, so two groups (or two buttons) may not share one. */
export function widgetIdsDeclaredTwice(pages: readonly PageDef[]): string[] {
  const twice = (ids: string[]) => [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
  return [
    ...twice(tabGroupsOf(pages).map((group) => group.id)).map((id) => `Tab group '${id}' is declared by more than one section.`),
    ...twice(addAnotherButtonsOf(pages).map((button) => button.id)).map((id) => `Add Another button '${id}' is declared by more than one section.`),
  ];
}

/** A repeated section shows 1 to ADD_ANOTHER_MAX blocks (spec platform section 9). */
export function repeatLimitsOutOfRange(pages: readonly PageDef[]): string[] {
  return addAnotherButtonsOf(pages)
    .filter((button) => !Number.isInteger(button.max) || button.max < 1 || button.max > ADD_ANOTHER_MAX)
    .map((button) => `Add Another button '${button.id}' allows ${button.max} blocks; it may allow 1 to ${ADD_ANOTHER_MAX}.`);
}

/** The tabs of a tab group hold answer keys, which questions must declare. */
export function tabKeysOutsideModel(pages: readonly PageDef[], model: Model): string[] {
  return tabGroupsOf(pages).flatMap((group) => {
    const missing = group.tabs.flatMap((tab) => tab.keys).filter((key) => !model.has(key));
    return missing.length === 0 ? [] : [`Tab group '${group.id}' holds keys that no question declares: ${quoted(missing)}.`];
  });
}

/** Every rule a question runs, each slot's own for a repeated block, with the key it validates. */
function rulesOf(question: QuestionDef): { key: string; rule: FieldRule }[] {
  const own = typeof question.rules === 'function' ? question.rules(1) : (question.rules ?? []);
  return [
    ...own.map((rule) => ({ key: question.key, rule })),
    ...(question.smsOptInKey ? (question.smsOptInRules ?? []).map((rule) => ({ key: question.smsOptInKey!, rule })) : []),
  ];
}

/**
 * A rule sees only the answers it declares it reads (`FieldRule.reads`), a worked-out hint names
 * those it follows (`WorkedOutHint.reads`), and an answer given instead of another names it
 * (`QuestionDef.givenInsteadOf`): each must be a key of the data model.
 */
export function declaredReadsOutsideModel(page: PageDef, model: Model): string[] {
  return page.sections.flatMap(allQuestions).flatMap((question) => {
    const reads = [
      ...rulesOf(question).flatMap(({ key, rule }) => (rule.reads ?? []).map((read) => ({ owner: `The rule '${rule.name}' of '${key}'`, read }))),
      ...(typeof question.hint === 'object' ? (question.hint.reads ?? []).map((read) => ({ owner: `The hint of '${question.key}'`, read })) : []),
      ...(question.givenInsteadOf !== undefined ? [{ owner: `Question '${question.key}'`, read: question.givenInsteadOf }] : []),
    ];
    return reads
      .filter(({ read }) => !model.has(read))
      .map(({ owner, read }) => `${owner} on page '${page.id}' reads '${read}', which is not in the data model.`);
  });
}
