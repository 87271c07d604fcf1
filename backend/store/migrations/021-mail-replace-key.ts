import type { Kysely } from 'kysely';

/**
 * A mail that a later one replaces (issue 35 follow-up: a confirmation code after "Resend"). Mails
 * with the same `replace_key` carry the same kind of secret for the same account; one not yet sent
 * when a later one is recorded is given up unsent, so the code an applicant receives last is the
 * one that works, even when the mail server was down and the retries came back out of order.
 */
export const mailReplaceKey = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('mail_outbox').addColumn('replace_key', 'text').execute();
    await db.schema.createIndex('mail_outbox_replace_key').on('mail_outbox').columns(['replace_key', 'created_at']).execute();
  },
};
