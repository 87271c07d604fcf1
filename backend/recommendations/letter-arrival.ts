import { checklistDocumentAnswerKey, letterAnswerKey, letterReplacementKey } from '../../common/checklist-api';
import { tenant } from '../../common/form/tenant';
import type { Logger } from 'pino';
import type { ConversionStore } from '../conversions/conversions-store';
import type { NewMail } from '../mail/mail-outbox-store';
import type { ObjectStore } from '../storage';
import type { Clock } from '../platform/clock';
import { applicantFacts, type ApplicantFacts, type ApplicantFactsStore } from './applicant-facts';
import type { RecommendationStore } from './recommendations-store';

/** The conversions' answer keys of uploaded letters begin so ('letter:'). */
export const LETTER_KEY_PREFIX = letterAnswerKey('');

/** A received uploaded letter's replacement while it converts ('letter-new:'). */
const REPLACEMENT_PREFIX = letterReplacementKey('');

/** Letters a sweep receives at the most; the rest wait for the next. */
const SWEEP_BATCH = 100;

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
  store: ApplicantFactsStore & { recommendations: RecommendationStore; conversions: Pick<ConversionStore, 'promote'> };
  /** Where a replaced letter's objects are deleted from, once its replacement converted. */
  objects: Pick<ObjectStore, 'delete'>;
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

  /** Receives the request's uploaded letter now, with the applicant's note; false when it was revoked or already had one. */
  async function receiveUploaded(requestId: string, accountId: string): Promise<boolean> {
    const request = await store.recommendations.findById(requestId);
    const facts = request && request.account_id === accountId ? await applicantFacts(store, accountId) : null;
    if (!request || !facts) return false;
    if (!(await store.recommendations.receiveUploadedLetter(request.id, clock(), letterArrivedMail(facts, request.recommender_name)))) return false;
    deps.onMailQueued?.();
    await checklistChanged(accountId);
    return true;
  }

  /**
   * A received letter's replacement converted (issue 33 item 6): it becomes the letter, and only now
   * are the old one's objects deleted, so a replacement that fails loses nothing. The request stays
   * received as it was, and the applicant is not told again; the office's PDF follows the new file.
   */
  async function replaceUploaded(requestId: string, accountId: string): Promise<void> {
    const promoted = await store.conversions.promote(accountId, letterReplacementKey(requestId), letterAnswerKey(requestId));
    if (!promoted) return;
    const keys = [promoted.replaced?.file_key, promoted.replaced?.pdf_key].filter((key): key is string => !!key);
    await Promise.all(keys.map((key) => deps.objects.delete(key).catch((error: unknown) => logger.warn({ err: error, key }, 'could not delete a replaced letter'))));
    await checklistChanged(accountId);
  }

  async function conversionCompleted(job: { account_id: string; answer_key: string }): Promise<void> {
    if (job.answer_key.startsWith(REPLACEMENT_PREFIX)) await replaceUploaded(job.answer_key.slice(REPLACEMENT_PREFIX.length), job.account_id);
    else if (job.answer_key.startsWith(LETTER_KEY_PREFIX)) await receiveUploaded(job.answer_key.slice(LETTER_KEY_PREFIX.length), job.account_id);
    else if (job.answer_key.startsWith(checklistDocumentAnswerKey(''))) await checklistChanged(job.account_id);
  }

  return {
    checklistChanged,

    conversionCompleted,

    /**
     * Receives the uploaded letters whose conversion completed without their request being
     * received (the instance stopped in between); run beside the reminders. Returns how many.
     */
    async receiveConvertedLetters(): Promise<number> {
      let received = 0;
      for (const request of await store.recommendations.convertedNotReceived(LETTER_KEY_PREFIX, SWEEP_BATCH)) {
        if (await receiveUploaded(request.id, request.account_id)) received += 1;
      }
      if (received > 0) logger.info({ letters: received }, 'uploaded letters received late');
      return received;
    },
  };
}

export type LetterArrival = ReturnType<typeof createLetterArrival>;
