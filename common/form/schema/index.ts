import { institutionToday, isCalendarDay } from '../calendar-day';
import { formPages, pageOfKey } from '../pages';
import type { Answers, PageDef, PageId } from '../types';
import { allQuestions, settle, type Settled } from '../visibility';
import type { FieldErrors } from '../../validation/collect-errors';
import { rulesFor, shownTargets, validateTargets, type RunContext } from './build';
import { genericMessages } from './messages';
import { rulesOfPages } from './question-rules';
import { messageFor, type RuleTable } from './rule';

/** Every key's own rules, as the form's questions declare them. */
export const formRules: RuleTable = rulesOfPages(formPages);

const pageRules = new WeakMap<readonly PageDef[], RuleTable>();

/**
 * The rules of these pages: what their questions declare, over the shipped form's rules of the
 * same keys (a test's page that asks a shipped key without rules of its own keeps the key's).
 */
function rulesOf(pages: readonly PageDef[]): RuleTable {
  if (pages === formPages) return formRules;
  let rules = pageRules.get(pages);
  if (!rules) pageRules.set(pages, (rules = { ...formRules, ...rulesOfPages(pages) }));
  return rules;
}

export interface ValidateOptions {
  /** The day dates are judged against (calendar-day.ts); defaults to the institution's today. */
  today?: Date;
  pages?: readonly PageDef[];
  /** The rules by key; defaults to those the pages' questions declare (`rulesOf`). */
  rules?: RuleTable;
  /**
   * These answers as `settle(pages, answers)` gave them, when the caller has worked that out
   * already (the renderer, once per change): visibility is then not worked out again.
   */
  settled?: Settled;
}

/** The answers as the applicant sees them: those of hidden sections and questions left out. */
export function visibleAnswers(pages: readonly PageDef[], answers: Answers, settled: Settled = settle(pages, answers)): Answers {
  const hidden = new Set(settled.cleared);
  return Object.fromEntries(Object.entries(answers).filter(([key]) => !hidden.has(key)));
}

/**
 * Validates the applicant's answers against the form (form-content section 5 and the generic
 * defaults of platform section 5): every message per key, each once, for the keys whose question
 * is shown. The renderer and the server both call exactly this.
 */
export function validateAnswers(answers: Answers, options: ValidateOptions = {}): FieldErrors {
  const pages = options.pages ?? formPages;
  const settled = options.settled ?? settle(pages, answers);
  const visible = visibleAnswers(pages, answers, settled);
  const targets = shownTargets(pages, visible, settled.visibility);
  const run: RunContext = { answers: visible, today: options.today ?? institutionToday() };
  // In the order of the form, so the error summary reads top to bottom.
  return validateTargets(pages, targets, run, options.rules ?? rulesOf(pages));
}

/**
 * Why `value` cannot be the answer of the date question `key`, in the words the whole validation
 * uses for it (the key's own date rule, else the generic one), or null for a day the calendar has.
 * The server checks each date it saves with this, so no impossible day is ever stored.
 */
export function invalidDateMessage(key: string, value: string, pages: readonly PageDef[] = formPages): string | null {
  if (isCalendarDay(value)) return null;
  const question = pages.flatMap((page) => page.sections.flatMap(allQuestions)).find((each) => each.key === key);
  const target = { key, label: question?.label ?? key, question };
  const rule = rulesFor(target, rulesOf(pages)).find((each) => each.name === 'date');
  return messageFor(rule?.message ?? genericMessages.date, target.label);
}

/** The errors of one page's keys (error summary and missing-information panel, per page). */
export function errorsForPage(errors: FieldErrors, pageId: PageId, pages: readonly PageDef[] = formPages): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => pageOfKey(key, pages)?.id === pageId));
}

export { aboutMessages } from './about-rules';
export { educationMessages } from './education-rules';
export { finalStepsMessages } from './final-steps-rules';
export { genericMessages } from './messages';
export type { FieldRule, RuleContext, RuleTable, Message } from './rule';
export type { FieldErrors };
