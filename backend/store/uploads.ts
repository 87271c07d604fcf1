import type { Kysely, Selectable } from 'kysely';
import type { Database, UploadsTable } from './schema';

export type UploadRow = Selectable<UploadsTable>;

/** The object keys issued to applicants for their uploads. */
export function uploadStore(db: Kysely<Database>) {
  return {
    async record(row: UploadRow): Promise<void> {
      await db.insertInto('uploads').values(row).execute();
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
  };
}
