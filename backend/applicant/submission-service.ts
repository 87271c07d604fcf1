import type { SubmitResponse } from '../../common/api';
import { institutionToday } from '../../common/form/calendar-day';
import { validateAnswers } from '../../common/form/schema';
import type { Clock } from '../platform/clock';
import { HttpError, badRequest } from '../http/errors';
import type { Submission, SubmissionStore } from './submissions-store';

export const submissionMessages = {
  submitted: 'Your application was successfully submitted.',
  incomplete: 'Your application is not complete yet. Please answer the questions listed and submit again.',
  documentsPending: 'A document you uploaded is still being converted. Please wait for the upload to finish, then submit again.',
  /** Every write after submission (DESIGN.md section 4). */
  frozen: 'Your application has been submitted, so it can no longer be changed.',
} as const;

function responseOf(submission: Submission): SubmitResponse {
  return { message: submissionMessages.submitted, submitted_at: new Date(submission.submitted_at).toISOString() };
}

/**
 * POST /api/submit (spec platform section 4): the stored answers are judged by the same schema the
 * renderer uses, then kept as they are. A repeat (a double click) answers as the first did.
 * `onSubmitted` is the checklist's (issue 28): the file's summary and the applicant's receipt.
 */
export function createSubmissionService(store: { submissions: SubmissionStore }, clock: Clock, onSubmitted?: (accountId: string) => Promise<void>) {
  return {
    async submit(accountId: string): Promise<SubmitResponse> {
      const now = clock();
      const outcome = await store.submissions.submit(accountId, now, (answers) => validateAnswers(answers, { today: institutionToday(now) }));
      switch (outcome.kind) {
        case 'submitted':
        case 'already-submitted':
          // Again for a repeat: a first answer lost before the checklist's summary and receipt were written still gets them (once).
          await onSubmitted?.(accountId);
          return responseOf(outcome.submission);
        case 'documents-pending':
          throw new HttpError(409, submissionMessages.documentsPending);
        case 'incomplete':
          throw badRequest(submissionMessages.incomplete, outcome.errors);
      }
    },
  };
}

export type SubmissionService = ReturnType<typeof createSubmissionService>;
