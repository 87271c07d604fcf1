import type { Kysely } from 'kysely';

/**
 * Service tokens (a staff member's read-only view of one application) and prefill tokens (a
 * temporary public answer). Only a hash of each token is kept; expired rows stay a while so an
 * expired link can say so instead of looking unknown (housekeeping removes them later).
 */
export const accessTokens = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('service_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('service_tokens_expires').on('service_tokens').column('expires_at').execute();

    await db.schema
      .createTable('prefill_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('answers', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('prefill_tokens_expires').on('prefill_tokens').column('expires_at').execute();
  },
};
