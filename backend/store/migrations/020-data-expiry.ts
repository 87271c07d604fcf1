import type { Kysely } from 'kysely';
import { addJobColumns } from './job-columns';

/**
 * Data that expires (issue 35 item 3). `draft_reminders`: each reminder mail that an idle draft
 * will be deleted, once per (account, activity, threshold), deleted with the account.
 * `data_expiry_jobs`: the expiry purges (an idle draft's, a submitted application's after its
 * retention) on the one job queue, kept after the account by its random id only.
 */
export const dataExpiry = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('draft_reminders')
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('activity_at', 'bigint', (c) => c.notNull())
      .addColumn('days_before', 'integer', (c) => c.notNull())
      .addColumn('deletes_at', 'bigint', (c) => c.notNull())
      .addColumn('sent_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('draft_reminders_pk', ['account_id', 'activity_at', 'days_before'])
      .execute();

    const payload = db.schema
      .createTable('data_expiry_jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('activity_at', 'bigint')
      .addColumn('due_at', 'bigint', (c) => c.notNull());
    await addJobColumns(payload, (table) => table.addColumn('outcome', 'text')).execute();
    await db.schema.createIndex('data_expiry_jobs_status').on('data_expiry_jobs').columns(['status', 'due_at']).execute();
  },
};
