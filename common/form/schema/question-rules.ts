import { expandRepeatedSection } from '../repeat';
import type { FieldRule, PageDef } from '../types';
import type { RuleTable } from './rule';

const tables = new WeakMap<readonly PageDef[], RuleTable>();

/**
 * Every key's own rules, read from the questions that declare them (`QuestionDef.rules`): each
 * slot of a repeated block gets its slot's, an SMS opt-in its phone question's `smsOptInRules`.
 * Worked out once per form definition.
 */
export function rulesOfPages(pages: readonly PageDef[]): RuleTable {
  const known = tables.get(pages);
  if (known) return known;
  const table: Record<string, readonly FieldRule[]> = {};
  for (const section of pages.flatMap((page) => page.sections)) {
    for (const [index, slot] of expandRepeatedSection(section).entries()) {
      for (const question of slot.questions) {
        const rules = typeof question.rules === 'function' ? question.rules(index + 1) : question.rules;
        if (rules && rules.length > 0) table[question.key] = rules;
        if (question.smsOptInKey && question.smsOptInRules) table[question.smsOptInKey] = question.smsOptInRules;
      }
    }
  }
  tables.set(pages, table);
  return table;
}
