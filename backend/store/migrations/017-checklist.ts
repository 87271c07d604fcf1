import type { Kysely } from 'kysely';

/**
 * The checklist (issue 28 items 1 and 4). `checklist_records`: what staff recorded of an item that
 * arrives outside the product (the fee, a college's transcript, a program document by post), one
 * row per item with who recorded its current state; the access log keeps every change.
 * `checklist_summaries`: how far each submitted file is from complete, rewritten by the checklist
 * service whenever one of its facts changes, so the inbox filters and sorts on it in SQL. It is
 * never read to answer the applicant or the staff view: those build the checklist from the facts.
 */
export const checklist = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('checklist_records')
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('recorded_at', 'bigint', (c) => c.notNull())
      .addColumn('recorded_by_staff_id', 'text', (c) => c.notNull())
      .addColumn('recorded_by_email', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('checklist_records_pk', ['account_id', 'item_id'])
      .execute();

    await db.schema
      .createTable('checklist_summaries')
      .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
      // 1 or 0 on both databases.
      .addColumn('complete', 'integer', (c) => c.notNull())
      .addColumn('fee_awaiting', 'integer', (c) => c.notNull())
      .addColumn('transcripts_missing', 'integer', (c) => c.notNull())
      .addColumn('letters_missing', 'integer', (c) => c.notNull())
      .addColumn('documents_missing', 'integer', (c) => c.notNull())
      .addColumn('outstanding', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      // When the applicant's receipt was recorded in the outbox: it goes once, whoever writes the summary first.
      .addColumn('receipt_at', 'bigint')
      .execute();
    await db.schema.createIndex('checklist_summaries_outstanding').on('checklist_summaries').column('outstanding').execute();
  },
};
