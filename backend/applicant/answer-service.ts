import { answerFingerprint, parseAnswerBase, type AnswerBase } from '../../common/answer-base';
import type { AnswerValue, Answers } from '../../common/api';
import { choiceLabels, isStaticChoice } from '../../common/form/answer-choices';
import { fieldDef, isSensitiveKey, isUploadKey } from '../../common/form/model';
import { followCalendar } from '../../common/form/options';
import { formPages } from '../../common/form/pages';
import { invalidDateMessage } from '../../common/form/schema';
import { isTypedDate } from '../../common/form/typed-date';
import { settle } from '../../common/form/visibility';
import type { FieldDef } from '../../common/form/types';
import type { Clock } from '../platform/clock';
import { HttpError, badRequest } from '../http/errors';
import type { AnswerStore } from './answers-store';
import type { SubmissionStore } from './submissions-store';
import { refuseWhenSubmitted } from './submission-guard';

const MAX_MESSAGES_PER_KEY = 20;
const MAX_MESSAGE_LENGTH = 500;

export const answerMessages = {
  saved: 'Your answers have been saved.',
  notAnObject: 'Answers must be sent as an object of answer keys and values.',
  unknownKey: 'This question is not part of the application.',
  wrongType: (field: FieldDef) =>
    field.type === 'checkbox' ? 'This answer must be true or false.' : 'This answer must be text.',
  tooLong: (field: FieldDef) => `This answer is longer than the limit of ${field.maxLength} characters.`,
  notAChoice: 'This answer is not one of the choices the question offers.',
  documentNotAnswerable: 'Documents are added by uploading a file, not by saving an answer.',
  invalidAnswers: 'Some answers could not be saved. Nothing was changed.',
  submitted: 'Your application has been submitted, so its answers can no longer be changed.',
  validationsSaved: 'Validation results saved.',
  badValidations: 'Validation results must be an object of answer keys and lists of messages.',
  badBase: 'The X-Answer-Base header must be a JSON object of answer keys and fingerprints (or null).',
} as const;

/** The X-Answer-Base header checked; undefined when absent (the save is unconditional). */
export function parseBaseHeader(header: string | undefined): AnswerBase | undefined {
  if (header === undefined || header === '') return undefined;
  const base = parseAnswerBase(header);
  if (!base) throw badRequest(answerMessages.badBase);
  return base;
}

/**
 * Takes out of the patch every key whose stored answer is no longer the one its change was made
 * on, and returns those keys' stored answers (with the option label of a choice).
 */
function withoutChangedSince(patch: Answers, base: AnswerBase, stored: Answers): Answers {
  const newer: Answers = {};
  for (const key of Object.keys(patch)) {
    if (!(key in base) || answerFingerprint(stored[key]) === base[key]) continue;
    delete patch[key];
    newer[key] = stored[key] ?? null;
    const descKey = fieldDef(key)?.descKey;
    if (descKey) newer[descKey] = stored[descKey] ?? null;
  }
  return newer;
}

/**
 * Why a value cannot be stored under its key, or null when it can. An upload question's answer is
 * refused whatever the value, null included: the conversion writes it, and the deletion or the
 * hiding of its document clears it, so a save can neither claim a document nor half-remove one.
 */
/** A prefill token's answers, checked as a save is, but for what is said of documents and dates. */
interface Prefill {
  documentRefusal: string;
  /** A sensitive answer is never prefilled: a link's answers are stored before any applicant they could be sealed for. */
  sensitiveRefusal: string;
}

function problemWith(key: string, value: unknown, prefill: Prefill | undefined): string | null {
  const field = fieldDef(key);
  if (!field) return answerMessages.unknownKey;
  if (isUploadKey(key)) return prefill?.documentRefusal ?? answerMessages.documentNotAnswerable;
  if (prefill && isSensitiveKey(key)) return prefill.sensitiveRefusal;
  if (value === null || value === '') return null;
  if (field.type === 'checkbox') return typeof value === 'boolean' ? null : answerMessages.wrongType(field);
  if (typeof value !== 'string') return answerMessages.wrongType(field);
  if (value.length > field.maxLength) return answerMessages.tooLong(field);
  // The applicant's date not yet a day is kept as typed (13/32/88) and named at submission; a prefill's must be a day.
  if (field.type === 'date') return !prefill && isTypedDate(value) ? null : invalidDateMessage(key, value);
  if (!isStaticChoice(key, value)) return answerMessages.notAChoice;
  return null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A patch checked against the answer model: every unknown key, upload key, wrong type, over-long
 * value or value outside a static option list is refused together (400, per-key messages); '' becomes
 * null. A `_desc` label sent by the client is dropped: the server writes it (`withChoiceLabels`).
 * Prefill tokens use the same rules, say in their own words why a document is refused, and take
 * a date only as a day (the applicant's own save keeps a date as typed until it is one).
 */
export function parseAnswerPatch(body: unknown, prefill?: Prefill): Answers {
  if (!isPlainObject(body)) throw badRequest(answerMessages.notAnObject);
  // No prototype: a "__proto__" key of the body must land in the errors, not replace their prototype.
  const errors: Record<string, string[]> = Object.create(null);
  const patch: Answers = {};
  // The year lists and the starting terms are today's, on a server that runs for months: once a patch.
  followCalendar();
  for (const [key, value] of Object.entries(body)) {
    const problem = problemWith(key, value, prefill);
    if (problem) errors[key] = [problem];
    else if (fieldDef(key)?.descOf !== undefined) continue;
    else patch[key] = value === '' ? null : (value as AnswerValue);
  }
  if (Object.keys(errors).length > 0) throw badRequest(answerMessages.invalidAnswers, errors);
  return patch;
}

/** The patch with the `_desc` label of each choice it holds, read from the options against `answers`. */
export function withChoiceLabels(patch: Answers, answers: Answers): Answers {
  return { ...patch, ...choiceLabels(patch, answers) };
}

/**
 * PUT /api/answer with the merge rules of DESIGN.md section 4, and POST /api/validations. A patch
 * with any bad key or value is refused whole, so a save never half-happens.
 */
/**
 * What a save asks of the documents: remove those whose questions are not on show once it is
 * saved. `documentKeys` are the questions that had a document when the save read the answers (in
 * the same statement, so nothing is read again for them).
 */
export interface HiddenDocuments {
  removeHidden(accountId: string, shown: ReadonlySet<string>, documentKeys: readonly string[]): Promise<void>;
}

export function createAnswerService(store: { answers: AnswerStore; submissions: SubmissionStore }, clock: Clock, documents: HiddenDocuments) {
  return {
    /**
     * With a base (X-Answer-Base), a key another save changed since is kept as stored and returned
     * in `newer`: an answer queued offline never overwrites a newer one from another tab.
     */
    async save(accountId: string, body: unknown, base?: AnswerBase): Promise<{ newer: Answers }> {
      const parsed = parseAnswerPatch(body);
      let newer: Answers = {};
      let shown: ReadonlySet<string> = new Set();
      let documentKeys: readonly string[] = [];
      // One transaction: the submitted check, the stored answers and the documents' questions in
      // one read, after the account's lock, and only the changes written (answers-store.ts).
      await store.answers.save(accountId, 'applicant', clock(), () => new HttpError(409, answerMessages.submitted), (stored, documents) => {
        newer = base ? withoutChangedSince(parsed, base, stored) : {};
        // The answers as saved, made once: the patch's choices labelled against them, then the
        // labels added to them too.
        const merged = { ...stored, ...parsed };
        const labels = choiceLabels(parsed, merged);
        Object.assign(merged, labels);
        const patch = { ...parsed, ...labels };
        // The server applies the clearing rules too: an answer of a hidden section is never kept,
        // whichever client sent the save. What is on show is worked out once: for the answers to
        // clear and the documents to remove.
        const settled = settle(formPages, merged);
        for (const key of settled.cleared) patch[key] = null;
        shown = settled.visibility.visible;
        documentKeys = documents;
        return patch;
      });
      await documents.removeHidden(accountId, shown, documentKeys);
      return { newer };
    },

    async saveValidations(accountId: string, body: unknown): Promise<void> {
      if (!isPlainObject(body)) throw badRequest(answerMessages.badValidations);
      const errors: Record<string, string[]> = {};
      for (const [key, messages] of Object.entries(body)) {
        const valid =
          fieldDef(key) !== undefined &&
          Array.isArray(messages) &&
          messages.length <= MAX_MESSAGES_PER_KEY &&
          messages.every((message) => typeof message === 'string' && message.length <= MAX_MESSAGE_LENGTH);
        if (!valid) throw badRequest(answerMessages.badValidations, { [key]: [answerMessages.badValidations] });
        errors[key] = messages as string[];
      }
      await refuseWhenSubmitted(store, accountId, answerMessages.submitted);
      await store.answers.saveValidationErrors(accountId, errors, clock());
    },
  };
}

export type AnswerService = ReturnType<typeof createAnswerService>;
