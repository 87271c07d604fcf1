import type { Answers, QuestionDef } from './types';

/** The hint a question shows: its text, or what its worked-out hint says at `now` of these answers. */
export function hintText(question: QuestionDef, answers: Answers = {}, now: number = Date.now()): string | undefined {
  return typeof question.hint === 'object' ? question.hint.text(now, answers) : question.hint;
}

/** The answer keys a question's hint names (beyond the question's own). */
export function keysHintReads(question: QuestionDef): readonly string[] {
  return typeof question.hint === 'object' ? (question.hint.reads ?? []) : [];
}
