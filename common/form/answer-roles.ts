import { BadConfigError } from './config-checks';
import { formPages } from './pages';
import type { AnswerRole, PageDef } from './types';
import { allQuestions } from './visibility';

/**
 * The answer keys that play each role (`QuestionDef.role`), read from the questions that declare
 * them: the inbox, the application PDF's header and its file name name roles, not keys.
 */
export const ANSWER_ROLES: readonly AnswerRole[] = [
  'firstName',
  'middleName',
  'lastName',
  'preferredName',
  'email',
  'program',
  'campus',
  'term',
  'citizenship',
  'citizenshipCountry',
  'residency',
  'collegeName',
  'collegeGpa',
];

/** The key of each role these pages declare (a role declared twice is a bad config: config-checks.ts). */
export function roleKeysOf(pages: readonly PageDef[]): Partial<Record<AnswerRole, string>> {
  const keys: Partial<Record<AnswerRole, string>> = {};
  for (const question of pages.flatMap((page) => page.sections.flatMap(allQuestions))) if (question.role) keys[question.role] ??= question.key;
  return keys;
}

function shippedRoleKeys(): Readonly<Record<AnswerRole, string>> {
  const keys = roleKeysOf(formPages);
  const missing = ANSWER_ROLES.filter((role) => keys[role] === undefined);
  if (missing.length > 0) throw new BadConfigError([`No question plays these roles: ${missing.join(', ')}.`]);
  return keys as Record<AnswerRole, string>;
}

/** The shipped form's key of each role. */
export const roleKeys: Readonly<Record<AnswerRole, string>> = shippedRoleKeys();
