import { roleKeys } from '../../common/form/answer-roles';
import { applicantName } from '../../common/form/applicant-name';
import { lettersOf, programOf } from '../../common/form/program-letters';
import type { ProgramLetters } from '../../common/form/tenant';
import type { SubmissionStore } from '../applicant/submissions-store';
import type { AccountStore } from '../auth/accounts-store';

/** The counselor_request_waiver answer that waives the right to read the letters (common/form/pages/final-steps/choices.ts). */
const WAIVED = 'Y';

/** What the letters read of a submitted application, and nothing more (issue 28 item 5). */
export interface ApplicantFacts {
  name: string;
  programLabel: string;
  letters: ProgramLetters;
  /** The applicant waived the right to read the letters: no letter's text ever reaches them. */
  waived: boolean;
  /** The account's username and the e-mail answer: addresses a recommender may not have. */
  ownEmails: string[];
  /** The account's username, the address it signs in with and is mailed at. */
  accountEmail: string;
}

export type ApplicantFactsStore = { submissions: SubmissionStore; accounts: AccountStore };

/**
 * The facts as submitted: the submission is frozen, so the program (and with it how many letters
 * are accepted) and the waiver cannot change under a request. Null before submission.
 */
export async function applicantFacts(store: ApplicantFactsStore, accountId: string): Promise<ApplicantFacts | null> {
  const [submission, account] = await Promise.all([store.submissions.find(accountId), store.accounts.findById(accountId)]);
  if (!submission || !account) return null;
  const answer = (key: string) => {
    const value = submission.answers[key];
    return typeof value === 'string' ? value.trim() : '';
  };
  const program = submission.answers[roleKeys.program];
  return {
    name: applicantName(submission.answers),
    programLabel: programOf(program)?.name ?? answer(roleKeys.program),
    letters: lettersOf(program),
    waived: submission.answers.counselor_request_waiver === WAIVED,
    ownEmails: [account.username, answer(roleKeys.email)].filter(Boolean),
    accountEmail: account.username,
  };
}
