import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/** Every change of an answer (who, when, old, new) and the last validation errors posted. */
export function answerHistoryAndValidations(dialect: Dialect) {
  const serial = dialect === 'postgres' ? 'bigserial' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('answer_history')
        .addColumn('id', serial, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('answer_key', 'text', (c) => c.notNull())
        .addColumn('old_value', 'text')
        .addColumn('new_value', 'text')
        .addColumn('changed_by', 'text', (c) => c.notNull())
        .addColumn('changed_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('answer_history_account').on('answer_history').columns(['account_id', 'answer_key']).execute();

      await db.schema
        .createTable('validation_errors')
        .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
        .addColumn('errors', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
