import type { Kysely } from 'kysely';

/**
 * The mail outbox (DESIGN.md section 12): every account e-mail is a row, written in the request's
 * transaction and sent later by a sender loop, with retries, under a lease, so an SMTP outage
 * delays mail instead of failing requests, and two instances never send one mail twice.
 */
export const mailOutbox = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('mail_outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      // Blanked once the mail is sent or given up: it carries codes and reset links.
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('claimed_by', 'text')
      .addColumn('claimed_at', 'bigint')
      .addColumn('sent_at', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // The sender's claim looks for due mails; housekeeping for finished ones.
    await db.schema.createIndex('mail_outbox_status').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
  },
};
