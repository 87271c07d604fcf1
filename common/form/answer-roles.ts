import { BadConfigError } from './config-checks';
import { formPages } from './pages';
import { slotCount, suffixedKey } from './repeat';
import type { AnswerRole, PageDef } from './types';
import { roleKeysOf } from './role-keys';

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


function shippedRoleKeys(): Readonly<Record<AnswerRole, string>> {
  const keys = roleKeysOf(formPages);
  const missing = ANSWER_ROLES.filter((role) => keys[role] === undefined);
  if (missing.length > 0) throw new BadConfigError([`No question plays these roles: ${missing.join(', ')}.`]);
  return keys as Record<AnswerRole, string>;
}

/** The shipped form's key of each role. */
export const roleKeys: Readonly<Record<AnswerRole, string>> = shippedRoleKeys();

/**
 * The key of `role` in each slot of the section that declares it: one key for a question that does
 * not repeat, one per slot of a repeated block (collegeName: college_name, college_name_2 ... _8).
 */
export function roleKeysBySlot(role: AnswerRole, pages: readonly PageDef[] = formPages): string[] {
  for (const section of pages.flatMap((page) => page.sections)) {
    const question = section.questions.find((candidate) => candidate.role === role);
    if (question) return Array.from({ length: slotCount(section) }, (_, index) => suffixedKey(question.key, index + 1));
  }
  return [];
}
