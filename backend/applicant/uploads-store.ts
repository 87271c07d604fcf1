import type { Kysely, Selectable } from 'kysely';
import type { Dialect } from '../store/dialect';
import type { Database } from '../store/schema';
import type { UploadsTable } from '../store/applicant-schema';

export type UploadRow = Selectable<UploadsTable>;
export type NewUpload = Omit<UploadRow, 'used_at'>;
/** A form issued and neither expired nor used by a conversion. */
export type OutstandingForm = Pick<UploadRow, 'answer_key' | 'expires_at'>;

/** Marks the form used, inside the caller's transaction (the conversion's start). */
export async function markUploadUsed(trx: Kysely<Database>, fileKey: string, now: number): Promise<void> {
  await trx.updateTable('uploads').set({ used_at: now }).where('file_key', '=', fileKey).where('used_at', 'is', null).execute();
}

/** The object keys issued to applicants for their uploads. */
export function uploadStore(db: Kysely<Database>, dialect: Dialect) {
  return {
    /**
     * Records the form unless `refuse` finds the applicant's outstanding forms (oldest first) too
     * many, returning its error instead. Counted and recorded in one transaction with the account
     * row locked (PostgreSQL; SQLite runs one write transaction at a time), so instances sharing
     * the database cannot together issue more than the limit.
     */
    async recordUnless(row: NewUpload, refuse: (outstanding: OutstandingForm[]) => Error | null): Promise<Error | null> {
      return db.transaction().execute(async (trx) => {
        if (dialect === 'postgres') await trx.selectFrom('accounts').select('id').where('id', '=', row.account_id).forNoKeyUpdate().execute();
        const outstanding = await trx
          .selectFrom('uploads')
          .select(['answer_key', 'expires_at'])
          .where('account_id', '=', row.account_id)
          .where('used_at', 'is', null)
          .where('expires_at', '>', row.created_at)
          .orderBy('expires_at')
          .execute();
        const refusal = refuse(outstanding);
        if (!refusal) await trx.insertInto('uploads').values({ ...row, used_at: null }).execute();
        return refusal;
      });
    },

    /** The row only when this account was issued this key for this answer key. */
    async find(accountId: string, answerKey: string, fileKey: string): Promise<UploadRow | null> {
      const row = await db
        .selectFrom('uploads')
        .selectAll()
        .where('file_key', '=', fileKey)
        .where('account_id', '=', accountId)
        .where('answer_key', '=', answerKey)
        .executeTakeFirst();
      return row ?? null;
    },

    /** Whoever the key was issued to, or null when it was never issued (or is cleaned up). */
    async findByKey(fileKey: string): Promise<UploadRow | null> {
      return (await db.selectFrom('uploads').selectAll().where('file_key', '=', fileKey).executeTakeFirst()) ?? null;
    },

    /**
     * Up to `limit` forms expired before `expiredBefore` that no conversion names, in key order
     * after `afterKey`: an upload never converted, or the file of a document since replaced,
     * deleted or hidden.
     */
    async unusedBefore(expiredBefore: number, afterKey: string, limit: number): Promise<UploadRow[]> {
      return db
        .selectFrom('uploads')
        .selectAll()
        .where('expires_at', '<', expiredBefore)
        .where('file_key', '>', afterKey)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('conversions').select('conversions.id').whereRef('conversions.file_key', '=', 'uploads.file_key'))),
        )
        .orderBy('file_key')
        .limit(limit)
        .execute();
    },

    /** Deletes the form unless a conversion has used it; whether it was deleted. */
    async deleteUnused(fileKey: string): Promise<boolean> {
      const result = await db.deleteFrom('uploads').where('file_key', '=', fileKey).where('used_at', 'is', null).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async delete(fileKey: string): Promise<void> {
      await db.deleteFrom('uploads').where('file_key', '=', fileKey).execute();
    },
  };
}

/** The uploads part of the store, as the services that use it name it. */
export type UploadStore = ReturnType<typeof uploadStore>;
