import { checklistDocumentAnswerKey } from '../../common/checklist-api';
import { roleKeys } from '../../common/form/answer-roles';
import { programOf } from '../../common/form/program-letters';
import { HttpError } from '../http/errors';
import type { SubmissionStore } from './submissions-store';

/** The answer keys of program documents sent after submission begin so ('checklist:'). */
export const LATER_DOCUMENT_PREFIX = checklistDocumentAnswerKey('');

/** An answer key as a part of an object key, which takes no ':' ('letter:<id>' is kept under 'letter.<id>'). */
export const objectKeyPart = (answerKey: string) => answerKey.replaceAll(':', '.');

export const laterDocumentMessages = {
  notSubmitted: 'Submit your application first: documents sent after submission are for the checklist of a submitted application.',
  notAsked: 'Your program does not ask for this document.',
} as const;

/**
 * The program document key when `key` names one the submitted application's program asks for
 * (the catalogue's `documents`, common/form/tenant.ts): 409 before submission, 404 for a key the
 * program does not ask for. The submission is frozen, so the program cannot change under it.
 */
export async function requireLaterDocument(store: { submissions: SubmissionStore }, accountId: string, key: string): Promise<string> {
  const submission = await store.submissions.find(accountId);
  if (!submission) throw new HttpError(409, laterDocumentMessages.notSubmitted);
  const documents: readonly string[] = programOf(submission.answers[roleKeys.program])?.documents ?? [];
  if (!documents.includes(key)) throw new HttpError(404, laterDocumentMessages.notAsked);
  return key;
}
