import { checklistDocumentAnswerKey, letterAnswerKey } from '../../common/checklist-api';
import { tenant } from '../../common/form/tenant';
import type { Logger } from 'pino';
import type { NewMail } from '../mail/mail-outbox-store';
import type { Clock } from '../platform/clock';
import { applicantFacts, type ApplicantFacts, type ApplicantFactsStore } from './applicant-facts';
import type { RecommendationStore } from './recommendations-store';

/** The conversions' answer keys of uploaded letters begin so ('letter:'). */
export const LETTER_KEY_PREFIX = letterAnswerKey('');

/** Told that something on the applicant's checklist changed (a letter arrived, a document converted): the checklist refreshes what it keeps. */
export type ChecklistChanged = (accountId: string) => Promise<void> | void;

/**
 * The applicant's note that a letter arrived (issue 28 item 4): who wrote it, never what it says,
 * whether or not they waived the right to read it.
 */
export function letterArrivedMail(facts: ApplicantFacts, recommenderName: string): NewMail {
  return {
    recipient: facts.accountEmail,
    subject: `A letter of recommendation from ${recommenderName} has arrived`,
    body: [
      facts.name ? `Dear ${facts.name},` : 'Hello,',
      '',
      `A letter of recommendation from ${recommenderName} has arrived for your application to the ${facts.programLabel} program at ${tenant.partner_name}. It goes to the admissions office, which reads it with your application.`,
      '',
      'Your checklist, on the last page of your application, shows what is still missing.',
      '',
      tenant.office_name,
      tenant.admissions_email,
    ].join('\n'),
  };
}

export interface LetterArrivalDeps {
  store: ApplicantFactsStore & { recommendations: RecommendationStore };
  clock: Clock;
  logger: Logger;
  onMailQueued?: () => void;
  onChecklistChanged?: ChecklistChanged;
}

/**
 * What follows a finished conversion outside the frozen application: an uploaded letter makes its
 * request received now (not at upload) with the applicant's note; a letter or a program document
 * sent after submission changes the checklist. Errors are logged: the document stays converted.
 */
export function createLetterArrival(deps: LetterArrivalDeps) {
  const { store, clock, logger } = deps;
  const checklistChanged = async (accountId: string) => {
    try {
      await deps.onChecklistChanged?.(accountId);
    } catch (error) {
      logger.warn({ err: error, accountId }, 'could not refresh the checklist');
    }
  };

  return {
    checklistChanged,

    async conversionCompleted(job: { account_id: string; answer_key: string }): Promise<void> {
      if (job.answer_key.startsWith(LETTER_KEY_PREFIX)) {
        const request = await store.recommendations.findById(job.answer_key.slice(LETTER_KEY_PREFIX.length));
        const facts = request && request.account_id === job.account_id ? await applicantFacts(store, request.account_id) : null;
        if (!request || !facts) return;
        if (!(await store.recommendations.receiveUploadedLetter(request.id, clock(), letterArrivedMail(facts, request.recommender_name)))) return;
        deps.onMailQueued?.();
      } else if (!job.answer_key.startsWith(checklistDocumentAnswerKey(''))) {
        return;
      }
      await checklistChanged(job.account_id);
    },
  };
}

export type LetterArrival = ReturnType<typeof createLetterArrival>;
