import { formPages, pageOfKey } from '../pages';
import type { Answers, PageDef, PageId } from '../types';
import { keysToClear } from '../visibility';
import { collectErrors, type FieldErrors } from '../../validation/collect-errors';
import { aboutRules } from './about-rules';
import { cachedAnswersSchema, shownTargets, type RunContext } from './build';
import { educationRules } from './education-rules';
import { finalStepsRules } from './final-steps-rules';
import type { RuleTable } from './rule';

/** Every page's rules by key. */
export const formRules: RuleTable = { ...aboutRules, ...educationRules, ...finalStepsRules };

export interface ValidateOptions {
  /** The day dates are judged against; defaults to now. */
  today?: Date;
  pages?: readonly PageDef[];
  rules?: RuleTable;
}

/** The answers as the applicant sees them: those of hidden sections and questions left out. */
export function visibleAnswers(pages: readonly PageDef[], answers: Answers): Answers {
  const hidden = new Set(keysToClear(pages, answers));
  return Object.fromEntries(Object.entries(answers).filter(([key]) => !hidden.has(key)));
}

/**
 * Validates the applicant's answers against the form (form-content section 5 and the generic
 * defaults of platform section 5): every message per key, each once, for the keys whose question
 * is shown. The renderer and the server both call exactly this.
 */
export function validateAnswers(answers: Answers, options: ValidateOptions = {}): FieldErrors {
  const pages = options.pages ?? formPages;
  const visible = visibleAnswers(pages, answers);
  const targets = shownTargets(pages, visible);
  const run: RunContext = { answers: visible, today: options.today ?? new Date() };
  const schema = cachedAnswersSchema(pages, targets, visible, { today: run.today, rules: options.rules ?? formRules });
  const errors = collectErrors(schema, visible, run);
  // In the order of the form, so the error summary reads top to bottom.
  const order = new Map(targets.map(({ key }, index) => [key, index]));
  const position = (key: string) => order.get(key) ?? targets.length;
  return Object.fromEntries(Object.entries(errors).sort(([a], [b]) => position(a) - position(b)));
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
