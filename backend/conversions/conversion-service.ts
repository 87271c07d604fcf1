import type { ConversionStatusResponse, DocumentAnswers } from '../../common/api';
import { isUploadKey } from '../../common/form/model';
import { UPLOAD_NAME_MAX_LENGTH } from '../../common/constants';
import type { Logger } from 'pino';
import { refuseWhenSubmitted } from '../applicant/submission-guard';
import type { UploadService } from '../applicant/upload-service';
import type { Clock } from '../platform/clock';
import { HttpError, badRequest } from '../http/errors';
import type { ObjectStore } from '../storage';
import type { SubmissionStore } from '../applicant/submissions-store';
import type { ConversionRow, ConversionStore } from './conversions-store';
import { conversionJobMessages as messages } from './conversion-messages';

export interface ConversionServiceDeps {
  store: { conversions: ConversionStore; submissions: SubmissionStore };
  objects: ObjectStore;
  uploads: UploadService;
  clock: Clock;
  logger: Logger;
  /** Told of every job recorded, so this instance's worker loop starts it without waiting for its poll. */
  onQueued?: () => void;
}

/** A name is shown to the applicant and reviewers: line breaks and other control characters have no place in it. */
const hasControlCharacter = (text: string) => [...text].some((character) => character < ' ' || character === '\u007f');

function fileNameProblem(fileName: unknown): string | null {
  if (typeof fileName !== 'string' || fileName.trim() === '' || hasControlCharacter(fileName)) return messages.badFileName;
  if (fileName.length > UPLOAD_NAME_MAX_LENGTH) return messages.nameTooLong;
  return null;
}

function statusOf(row: ConversionRow | null): ConversionStatusResponse {
  if (!row) return { status: 'NOT_ANSWERED', message: messages.status.NOT_ANSWERED };
  if (row.status === 'FAILED') return { status: 'FAILED', message: row.message ?? messages.failed };
  return { status: row.status, message: messages.status[row.status] };
}

/**
 * The applicant's side of document conversion (spec platform section 7): start a job for an
 * uploaded file, read its status, remove the document. The conversion itself is the worker loop's.
 */
export function createConversionService({ store, objects, uploads, clock, logger, onQueued }: ConversionServiceDeps) {
  /** Object removal follows the rows' removal: a leftover object is logged, never an error for the applicant. */
  async function deleteObjects(row: ConversionRow | null, keep?: string): Promise<void> {
    const keys = [row?.file_key, row?.pdf_key].filter((key): key is string => !!key && key !== keep);
    await Promise.all(
      keys.map((key) => objects.delete(key).catch((error: unknown) => logger.warn({ err: error, key }, 'could not delete a document object'))),
    );
  }

  /** Records the job for an upload the account was issued under answerKey, replacing the one before. */
  async function begin(accountId: string, answerKey: string, body: unknown): Promise<ConversionStatusResponse> {
    const { file_key: fileKey, file_name: fileName } = (body ?? {}) as { file_key?: unknown; file_name?: unknown };
    const problem = fileNameProblem(fileName);
    if (problem) throw badRequest(problem, { file_name: [problem] });
    // PostgreSQL refuses a NUL character in a text parameter (a 500): no key holds one.
    const upload = typeof fileKey === 'string' && !fileKey.includes('\u0000') ? await uploads.findUpload(accountId, answerKey, fileKey) : null;
    if (!upload) throw badRequest(messages.unknownFile, { file_key: [messages.unknownFile] });

    const { replaced, started } = await store.conversions.start(
      { account_id: accountId, answer_key: answerKey, file_key: upload.file_key, file_name: fileName as string, file_size: upload.size },
      clock(),
    );
    await deleteObjects(replaced, upload.file_key);
    onQueued?.();
    return statusOf(started);
  }

  function requireUploadKey(answerKey: string): void {
    if (!isUploadKey(answerKey)) throw new HttpError(404, messages.notAnUploadKey);
  }

  return {
    async start(accountId: string, answerKey: string, body: unknown): Promise<ConversionStatusResponse> {
      if (!isUploadKey(answerKey)) throw badRequest(messages.notAnUploadKey);
      // A submitted applicant hears that, not that the file is unknown.
      await refuseWhenSubmitted(store, accountId, messages.submitted);
      return begin(accountId, answerKey, body);
    },

    /**
     * Starts the conversion of a document outside the frozen application (common/checklist-api.ts:
     * a program document sent after submission, a recommender's letter) under the account it
     * belongs to. The caller has checked who may send it and when; the file is checked as every
     * upload's, and no answer is written.
     */
    startOutside: (accountId: string, answerKey: string, body: unknown): Promise<ConversionStatusResponse> => begin(accountId, answerKey, body),

    /** The status of a document outside the frozen application, for a caller that checked its right to it. */
    statusOutside: async (accountId: string, answerKey: string): Promise<ConversionStatusResponse> => statusOf(await store.conversions.find(accountId, answerKey)),

    async status(accountId: string, answerKey: string): Promise<ConversionStatusResponse> {
      requireUploadKey(answerKey);
      return statusOf(await store.conversions.find(accountId, answerKey));
    },

    /** Deletes the document: job, uploaded file, PDF, and the answer (the history keeps the change). */
    async remove(accountId: string, answerKey: string): Promise<void> {
      requireUploadKey(answerKey);
      await refuseWhenSubmitted(store, accountId, messages.submitted);
      await deleteObjects(await store.conversions.remove(accountId, answerKey, 'applicant', clock()));
    },

    /**
     * A save that hides an upload question (its section's condition no longer holds) clears its
     * answer; its document goes too (`shown`: the keys on show for the saved answers), whatever state its conversion is in, so nothing of a
     * question the applicant no longer answers stays on file or reaches the application PDF.
     */
    async removeHidden(accountId: string, shown: ReadonlySet<string>, documentKeys: readonly string[]): Promise<void> {
      for (const key of documentKeys.filter((answerKey) => isUploadKey(answerKey) && !shown.has(answerKey))) {
        await deleteObjects(await store.conversions.remove(accountId, key, 'applicant', clock()));
      }
    },

    documentAnswers: (accountId: string): Promise<DocumentAnswers> => store.conversions.documentAnswers(accountId),
  };
}

export type ConversionService = ReturnType<typeof createConversionService>;
