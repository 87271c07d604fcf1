import type { AnswerRole, PageDef } from './types';
import { allQuestions } from './visibility';

/**
 * The key of each role these pages declare (a role declared twice is a bad config: config-checks.ts).
 * Apart from the shipped form's (answer-roles.ts), so a reader of one page need not load the others.
 */
export function roleKeysOf(pages: readonly PageDef[]): Partial<Record<AnswerRole, string>> {
  const keys: Partial<Record<AnswerRole, string>> = {};
  for (const question of pages.flatMap((page) => page.sections.flatMap(allQuestions))) if (question.role) keys[question.role] ??= question.key;
  return keys;
}
