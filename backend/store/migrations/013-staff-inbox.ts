import type { Kysely } from 'kysely';

/**
 * The staff inbox (issue 19): one row per applicant with what the table shows, searches, filters
 * and sorts on, so a page of the inbox is one indexed query instead of a pivot of every answer.
 * The rows are brought up to date by the inbox itself before it answers (backend/staff/inbox.ts):
 * it asks which accounts changed since its last look (answer history, submissions, conversions,
 * new accounts: the indexes below) and rewrites only those rows.
 */
export const staffInbox = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('staff_inbox')
      .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      // The name as typed (any script), and its search and sort forms (accents and case folded).
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('sort_name', 'text', (c) => c.notNull())
      .addColumn('program', 'text', (c) => c.notNull())
      .addColumn('program_label', 'text', (c) => c.notNull())
      .addColumn('campus', 'text', (c) => c.notNull())
      .addColumn('campus_label', 'text', (c) => c.notNull())
      .addColumn('term', 'text', (c) => c.notNull())
      .addColumn('term_label', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('submitted_at', 'bigint')
      .addColumn('last_saved_at', 'bigint')
      .addColumn('documents', 'integer', (c) => c.notNull())
      // The newest answer_history id the row was made from: a later one means the row is stale.
      .addColumn('history_id', 'bigint', (c) => c.notNull())
      .addColumn('refreshed_at', 'bigint', (c) => c.notNull())
      .execute();
    for (const column of ['sort_name', 'email', 'submitted_at', 'last_saved_at', 'status', 'program', 'campus', 'term']) {
      await db.schema.createIndex(`staff_inbox_${column}`).on('staff_inbox').columns([column, 'account_id']).execute();
    }

    // When the inbox last looked for changes (one row).
    await db.schema
      .createTable('staff_inbox_state')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('looked_at', 'bigint', (c) => c.notNull())
      .execute();

    // What "changed since" asks of the applicants' tables.
    await db.schema.createIndex('answer_history_changed_at').on('answer_history').column('changed_at').execute();
    await db.schema.createIndex('submissions_submitted_at').on('submissions').column('submitted_at').execute();
    await db.schema.createIndex('conversions_updated_at').on('conversions').column('updated_at').execute();
    await db.schema.createIndex('accounts_created_at').on('accounts').column('created_at').execute();
  },
};
