import { randomUUID } from 'node:crypto';
import type { PresignedUpload } from '../../common/api';
import { UPLOAD_MAX_BYTES, UPLOADS_OUTSTANDING_PER_APPLICANT, UPLOADS_OUTSTANDING_PER_QUESTION } from '../../common/constants';
import { isUploadKey } from '../../common/form/model';
import { uploadMessages } from '../../common/uploads/upload-messages';
import type { Clock } from '../platform/clock';
import { HttpError, badRequest } from '../http/errors';
import type { SubmissionStore } from './submissions-store';
import type { OutstandingForm, UploadRow, UploadStore } from './uploads-store';
import { refuseWhenSubmitted } from './submission-guard';
import { LATER_DOCUMENT_PREFIX, objectKeyPart, requireLaterDocument } from './later-documents';
import type { ObjectStore } from '../storage';
import { accountObjectPrefix } from '../storage/account-objects';

/** How long a presigned upload form is accepted. */
export const UPLOAD_FORM_TTL_SECONDS = 10 * 60;

const FORM_TTL_MINUTES = UPLOAD_FORM_TTL_SECONDS / 60;

export const uploadServiceMessages = {
  notAnUploadKey: 'answer_key must name a question of the application that takes a file upload.',
  submitted: uploadMessages.submitted,
  tooManyForQuestion: `You have started too many uploads for this question. Please finish or wait for one to expire (${FORM_TTL_MINUTES} minutes), then try again.`,
  tooManyOverall: `You have started too many uploads. Please finish or wait for one to expire (${FORM_TTL_MINUTES} minutes), then try again.`,
  formNotIssued: 'This upload form was not issued by the application. Choose the file again to upload it.',
} as const;

/**
 * 429 when one more form would pass a limit on outstanding forms (common/constants.ts), with
 * Retry-After until the oldest form that counts expires and frees a place; null within the limits.
 */
function tooManyUploads(outstanding: readonly OutstandingForm[], answerKey: string, now: number): HttpError | null {
  const forQuestion = outstanding.filter((form) => form.answer_key === answerKey);
  let counted: readonly OutstandingForm[];
  let message: string;
  if (forQuestion.length >= UPLOADS_OUTSTANDING_PER_QUESTION) [counted, message] = [forQuestion, uploadServiceMessages.tooManyForQuestion];
  else if (outstanding.length >= UPLOADS_OUTSTANDING_PER_APPLICANT) [counted, message] = [outstanding, uploadServiceMessages.tooManyOverall];
  else return null;
  const oldestExpiresAt = Math.min(...counted.map((form) => form.expires_at));
  const retryAfterSeconds = Math.max(1, Math.ceil((oldestExpiresAt - now) / 1000));
  return new HttpError(429, message, undefined, { 'Retry-After': String(retryAfterSeconds) });
}

/** An upload this applicant was issued and has written, with the object's size. */
export type FoundUpload = UploadRow & { size: number };

/**
 * POST /api/presigned-url, and the check the conversion request makes of its file_key. Object keys
 * are minted here, uploads/<account id>/<answer key>/<uuid>, and recorded, so a client can never
 * choose a key nor name one issued to someone else.
 */
export function createUploadService(store: { uploads: UploadStore; submissions: SubmissionStore }, objects: ObjectStore, clock: Clock) {
  async function issue(accountId: string, answerKey: string): Promise<PresignedUpload> {
    const fileKey = `${accountObjectPrefix('uploads', accountId)}${objectKeyPart(answerKey)}/${randomUUID()}`;
    const now = clock();
    const upload = await objects.presignPost(fileKey, { maxBytes: UPLOAD_MAX_BYTES, expiresInSeconds: UPLOAD_FORM_TTL_SECONDS });
    // A refused form is never recorded nor returned, so nobody holds it.
    const refusal = await store.uploads.recordUnless(
      { file_key: fileKey, account_id: accountId, answer_key: answerKey, created_at: now, expires_at: now + UPLOAD_FORM_TTL_SECONDS * 1000 },
      (outstanding) => tooManyUploads(outstanding, answerKey, now),
    );
    if (refusal) throw refusal;
    return upload;
  }

  return {
    async presign(accountId: string, body: unknown): Promise<PresignedUpload> {
      const answerKey = (body as { answer_key?: unknown } | null)?.answer_key;
      // A program document the checklist asks for goes after submission (issue 28 item 3), never into the frozen answers.
      if (typeof answerKey === 'string' && answerKey.startsWith(LATER_DOCUMENT_PREFIX)) {
        await requireLaterDocument(store, accountId, answerKey.slice(LATER_DOCUMENT_PREFIX.length));
        return issue(accountId, answerKey);
      }
      if (!isUploadKey(answerKey)) throw badRequest(uploadServiceMessages.notAnUploadKey);
      await refuseWhenSubmitted(store, accountId, uploadServiceMessages.submitted);
      return issue(accountId, answerKey);
    },

    /**
     * A form for a document outside the frozen application that the caller has checked the right
     * to (a recommender's letter: `letter:<request id>`), counted against the account's limits.
     */
    presignOutside: (accountId: string, answerKey: string): Promise<PresignedUpload> => issue(accountId, answerKey),

    /**
     * The local store's last check before it keeps a posted file: the form was issued here, for a
     * question of the form to an applicant who has not submitted (or for a document outside it). S3 cannot ask; there the conversion's start refuses instead.
     */
    async admitPost(fileKey: string): Promise<void> {
      const row = await store.uploads.findByKey(fileKey);
      if (!row) throw new HttpError(403, uploadServiceMessages.formNotIssued);
      // A form of a question of the form closes with the submission; one outside it is issued only after.
      if (isUploadKey(row.answer_key)) await refuseWhenSubmitted(store, row.account_id, uploadServiceMessages.submitted);
    },

    /**
     * The local store refused a post to this form (too large, empty, malformed): the form is
     * deleted at once, so it no longer counts against the applicant's limits and cannot be posted
     * to again; the applicant asks for a new one with the next file. A form already holding an
     * earlier post's file, or used by a conversion, stays.
     */
    async releaseRefused(fileKey: string): Promise<void> {
      if (!(await objects.exists(fileKey))) await store.uploads.deleteUnused(fileKey);
    },

    /**
     * The upload only when this applicant was issued fileKey for answerKey and the object exists
     * within the policy's size range (1 byte to UPLOAD_MAX_BYTES); otherwise null. The range is
     * checked again because not every S3-compatible server enforces a policy (s3rver does not).
     */
    async findUpload(accountId: string, answerKey: string, fileKey: string): Promise<FoundUpload | null> {
      const row = await store.uploads.find(accountId, answerKey, fileKey);
      if (!row) return null;
      const object = await objects.exists(fileKey);
      if (!object || object.size < 1 || object.size > UPLOAD_MAX_BYTES) return null;
      return { ...row, size: object.size };
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
