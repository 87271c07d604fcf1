import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import { jobQueue, newJob, PROCESSING_STATUSES, type Claimed } from '../jobs/job-queue';
import type { DocumentAnswers } from '../../common/api';
import { DOCUMENT_ANSWERED, isUploadKey } from '../../common/form/model';
import { mergeAnswers } from '../applicant/answers-store';
import type { Dialect } from '../store/dialect';
import { compileOnce } from '../store/compile-once';
import type { ConversionsTable } from '../store/conversion-schema';
import type { Database } from '../store/schema';
import { markUploadUsed } from '../applicant/uploads-store';

export type ConversionRow = Selectable<ConversionsTable>;
export type NewConversion = Pick<Insertable<ConversionsTable>, 'account_id' | 'answer_key' | 'file_key' | 'file_name' | 'file_size'>;
/** A job as one worker loop claimed it: the id and the claim, which every later write must still match. */
export type ClaimedConversion = Claimed<ConversionRow>;

/** Who the answer history names for the changes a conversion makes. */
export const CONVERSION_CHANGED_BY = 'conversion';

/**
 * Only a question of the form has an answer to keep in step with its document. A document outside
 * the frozen application (a program document sent after submission, a recommender's letter:
 * common/checklist-api.ts) is a job like any other but never writes an answer.
 */
async function setAnswer(trx: Transaction<Database>, dialect: Dialect, accountId: string, answerKey: string, value: string | null, changedBy: string, now: number): Promise<void> {
  if (isUploadKey(answerKey)) await mergeAnswers(trx, dialect, accountId, { [answerKey]: value }, changedBy, now);
}

/** The conversion jobs as a queue: the oldest waiting first. */
export const conversionJobs = (db: Kysely<Database>, dialect: Dialect) => jobQueue(db, 'conversions', { dialect, statuses: PROCESSING_STATUSES });

/**
 * Conversion jobs. Every write that decides the answer of the question (start, finish, removal)
 * changes the answer in the same transaction as the job, so the answer and the document agree
 * whichever of a worker and the applicant comes first.
 */
export function conversionStore(db: Kysely<Database>, dialect: Dialect) {
  const jobs = conversionJobs(db, dialect);
  // A status poll's read, built and compiled once: the renderer polls it while a document converts.
  const findQuery = compileOnce((accountId, answerKey) =>
    db.selectFrom('conversions').selectAll().where('account_id', '=', accountId).where('answer_key', '=', answerKey),
  );

  return {
    /**
     * Records a new job for the question, replacing the one before (returned, so its objects can
     * be deleted), clears the answer until the new document is converted, and marks the upload
     * form used, so it no longer counts against the applicant's outstanding forms.
     */
    async start(job: NewConversion, now: number): Promise<{ replaced: ConversionRow | null; started: ConversionRow }> {
      return db.transaction().execute(async (trx) => {
        const replaced = await trx
          .selectFrom('conversions')
          .selectAll()
          .where('account_id', '=', job.account_id)
          .where('answer_key', '=', job.answer_key)
          .$if(dialect === 'postgres', (qb) => qb.forUpdate())
          .executeTakeFirst();
        const fresh = { id: randomUUID(), file_key: job.file_key, file_name: job.file_name, file_size: job.file_size, message: null, pdf_key: null, ...newJob(PROCESSING_STATUSES, now) };
        const started = await trx
          .insertInto('conversions')
          .values({ ...fresh, account_id: job.account_id, answer_key: job.answer_key })
          .onConflict((oc) => oc.columns(['account_id', 'answer_key']).doUpdateSet(fresh))
          .returningAll()
          .executeTakeFirstOrThrow();
        await setAnswer(trx, dialect, job.account_id, job.answer_key, null, 'applicant', now);
        await markUploadUsed(trx, job.file_key, now);
        return { replaced: replaced ?? null, started };
      });
    },

    async find(accountId: string, answerKey: string): Promise<ConversionRow | null> {
      const [row] = (await db.executeQuery(findQuery(accountId, answerKey))).rows;
      return row ?? null;
    },

    async findById(id: string): Promise<ConversionRow | null> {
      return (await db.selectFrom('conversions').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
    },

    /** The questions of the form that have a document in any state: waiting, converting, converted or failed. */
    async answerKeys(accountId: string): Promise<string[]> {
      const rows = await db.selectFrom('conversions').select('answer_key').where('account_id', '=', accountId).execute();
      return rows.map((row) => row.answer_key).filter((key) => isUploadKey(key));
    },

    /** The converted documents outside the form whose answer keys start with `prefix` ('checklist:', 'letter:'), oldest first. */
    async completedOutside(accountId: string, prefix: string): Promise<ConversionRow[]> {
      const rows = await db
        .selectFrom('conversions')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('status', '=', 'COMPLETED')
        .where('pdf_key', 'is not', null)
        .orderBy('updated_at')
        .orderBy('id')
        .execute();
      return rows.filter((row) => row.answer_key.startsWith(prefix));
    },

    async documentAnswers(accountId: string): Promise<DocumentAnswers> {
      const rows = await db
        .selectFrom('conversions')
        .select(['answer_key', 'file_name', 'file_size'])
        .where('account_id', '=', accountId)
        .where('status', '=', 'COMPLETED')
        .execute();
      // The documents of the form only: a letter or a document sent after submission is not an answer.
      const answers = rows.filter((row) => isUploadKey(row.answer_key));
      return Object.fromEntries(answers.map((row) => [row.answer_key, { file_name: row.file_name, file_size: row.file_size }]));
    },

    /** Which of these object keys a conversion names as its PDF: housekeeping keeps those. */
    async pdfKeysAmong(keys: readonly string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db.selectFrom('conversions').select('pdf_key').where('pdf_key', 'in', keys).execute();
      return new Set(rows.map((row) => row.pdf_key!));
    },

    /** Removes the job (returned, so its objects can be deleted) and clears the answer; changedBy names who asked. */
    async remove(accountId: string, answerKey: string, changedBy: string, now: number): Promise<ConversionRow | null> {
      return db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('conversions')
          .where('account_id', '=', accountId)
          .where('answer_key', '=', answerKey)
          .returningAll()
          .executeTakeFirst();
        await setAnswer(trx, dialect, accountId, answerKey, null, changedBy, now);
        return removed ?? null;
      });
    },

    /**
     * A completed replacement takes the place of the document it replaces: the row under `from` is
     * renamed `to`, and the one under `to` removed (returned, so its objects can be deleted). Null
     * when `from` has no COMPLETED row (already promoted).
     */
    async promote(accountId: string, from: string, to: string): Promise<{ replaced: ConversionRow | null } | null> {
      return db.transaction().execute(async (trx) => {
        const fresh = await trx.selectFrom('conversions').select('id').where('account_id', '=', accountId).where('answer_key', '=', from).where('status', '=', 'COMPLETED').executeTakeFirst();
        if (!fresh) return null;
        const replaced = await trx.deleteFrom('conversions').where('account_id', '=', accountId).where('answer_key', '=', to).returningAll().executeTakeFirst();
        await trx.updateTable('conversions').set({ answer_key: to }).where('id', '=', fresh.id).execute();
        return { replaced: replaced ?? null };
      });
    },

    /** Takes the oldest waiting job, or one whose claim is older than the lease (its instance died); each claim counts an attempt. */
    claim: jobs.claim,

    /** COMPLETED with its PDF, and the answer ANSWERED; false when the claim no longer holds. */
    async complete(job: ClaimedConversion, pdfKey: string, now: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (!(await jobs.complete(job, now, { pdf_key: pdfKey, message: null }, trx))) return false;
        await setAnswer(trx, dialect, job.account_id, job.answer_key, DOCUMENT_ANSWERED, CONVERSION_CHANGED_BY, now);
        return true;
      });
    },

    /** FAILED with the applicant's message, and the answer cleared; false when the claim no longer holds. */
    async fail(job: ClaimedConversion, message: string, now: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (!(await jobs.fail(job, now, { message, pdf_key: null }, trx))) return false;
        await setAnswer(trx, dialect, job.account_id, job.answer_key, null, CONVERSION_CHANGED_BY, now);
        return true;
      });
    },

    /** Gives the job back to waiting, for any loop to try again; `refund` does not count this attempt. */
    release: jobs.release,
  };
}

/** The conversions part of the store, as the services that use it name it. */
export type ConversionStore = ReturnType<typeof conversionStore>;
