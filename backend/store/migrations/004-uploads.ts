import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/** Every object key issued for an upload, so a later request names only a key its applicant was given. */
export function uploads(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('uploads')
        .addColumn('file_key', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('answer_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('uploads_account').on('uploads').columns(['account_id', 'answer_key']).execute();
    },
  };
}
