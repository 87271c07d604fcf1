import type { AnswerValue, Answers, TabChoices } from '../api';
import { isAnswered } from './conditions';
import { lookupKindOf } from './lookups';
import { descKeyOf } from './model/define';
import { expandRepeatedSection } from './repeat';
import type { Option, QuestionDef, SectionDef, TabGroupDef } from './types';
import { sectionKeys } from './visibility';

/**
 * The print view's rules (spec platform section 1, form-content section 4), shared by the
 * renderer's print mode and the application PDF so that both show the same thing.
 */

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const textOf = (value: AnswerValue | undefined): string => (typeof value === 'string' ? value : '');

/** Whether any key of the section (every slot of a repeated one) holds an answer. */
export function hasAnyAnswer(section: SectionDef, answers: Answers): boolean {
  return sectionKeys(section).some((key) => isAnswered(answers[key]));
}

/** The tab a tab group prints: the stored choice, else the tab that holds an answer, else the default. */
export function printedTab(group: TabGroupDef, answers: Answers, choices: TabChoices | undefined): TabGroupDef['tabs'][number] | undefined {
  const answeredTab = group.tabs.find((tab) => tab.keys.some((key) => isAnswered(answers[key])));
  return group.tabs.find((tab) => tab.id === choices?.[group.id]) ?? answeredTab ?? group.tabs.find((tab) => tab.id === group.defaultTab);
}

/** The slots of a repeated block that print: the first always, and every further one holding an answer. */
export function printedSlots(section: SectionDef, answers: Answers): SectionDef[] {
  return expandRepeatedSection(section).filter((slot, index) => index === 0 || hasAnyAnswer(slot, answers));
}

/** Options of a dependent select follow the controlling answer; others are fixed. */
export function optionsOf(question: QuestionDef, answers: Answers): readonly Option[] {
  const dependsOn = question.dependsOn;
  if (dependsOn?.category !== 'displayAndOptions') return question.options ?? [];
  const control = answers[dependsOn.controlKey];
  return typeof control === 'string' ? (dependsOn.optionsByValue?.[control] ?? []) : [];
}

/** MM/DD/YYYY, as American admissions staff read dates; anything else as stored. */
export function printDate(value: AnswerValue | undefined): string {
  const match = DATE_PATTERN.exec(textOf(value));
  return match ? `${match[2]}/${match[3]}/${match[1]}` : textOf(value);
}

/** A select prints only the chosen option's label, else the stored `_desc`. */
export function selectText(question: QuestionDef, answers: Answers): string {
  const value = answers[question.key];
  const chosen = optionsOf(question, answers).find((option) => option.value === value);
  return chosen?.label ?? textOf(answers[descKeyOf(question.key)]);
}

/** A lookup prints what it holds; a school with its code in parentheses when a code is stored. */
export function lookupText(question: QuestionDef, answers: Answers): string {
  const lookup = question.lookup;
  const codeKey = lookup && lookupKindOf(lookup.category) === 'school' ? lookup.fills.code : undefined;
  const name = textOf(answers[question.key]);
  const code = codeKey ? textOf(answers[codeKey]) : '';
  return name && code ? `${name} (${code})` : name;
}
