import type { QuestionDef } from './types';

/** The hint a question shows at `now`: its text, or what its hint function says then. */
export function hintText(question: QuestionDef, now: number = Date.now()): string | undefined {
  return typeof question.hint === 'function' ? question.hint(now) : question.hint;
}
