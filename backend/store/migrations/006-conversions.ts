import type { Kysely } from 'kysely';
import { addJobColumns, documentJobResult } from './job-columns';

/**
 * Document conversions as jobs (DESIGN.md section 7): one row per applicant and upload question,
 * claimed by one backend instance at a time, so a restart resumes them and several instances on
 * one PostgreSQL never convert a job twice.
 */
export const conversions = {
  async up(db: Kysely<unknown>): Promise<void> {
    const payload = db.schema
      .createTable('conversions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('answer_key', 'text', (c) => c.notNull())
      .addColumn('file_key', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('file_size', 'integer', (c) => c.notNull());
    await addJobColumns(payload, documentJobResult)
      .addUniqueConstraint('conversions_account_answer', ['account_id', 'answer_key'])
      .execute();
    // The worker loops' claim query looks for waiting jobs, oldest first.
    await db.schema.createIndex('conversions_status').on('conversions').columns(['status', 'created_at']).execute();
  },
};
