import type { Kysely } from 'kysely';

/**
 * When the mail server last refused a mail for good (an SMTP 5xx reply; issue 28): the outbox tries
 * such a mail again all the same ("Mail outbox"), but whoever asked for it can be told now that the
 * address was refused. Null when the last failure was a temporary one or there was none.
 */
export const mailRefusals = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('mail_outbox').addColumn('refused_at', 'bigint').execute();
  },
};
