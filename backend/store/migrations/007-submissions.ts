import type { Kysely } from 'kysely';

/**
 * The submitted application (DESIGN.md section 4): one row per account, written once by
 * POST /api/submit and never changed, so what was submitted stays on record whatever happens later.
 */
export const submissions = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('submissions')
      .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
      .addColumn('answers', 'text', (c) => c.notNull())
      .addColumn('document_answers', 'text', (c) => c.notNull())
      .addColumn('tabs', 'text', (c) => c.notNull())
      .addColumn('add_another', 'text', (c) => c.notNull())
      .addColumn('submitted_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
