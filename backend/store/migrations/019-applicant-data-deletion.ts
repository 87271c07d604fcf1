import type { Kysely } from 'kysely';

/**
 * An applicant's own data (issue 35 item 4). `deletion_requests`: a submitted applicant's request
 * for their account to be deleted, which an admin completes (the row goes with the account).
 * `applicant_purges`: the record that an account was deleted, kept after it: the account's id (a
 * random UUID, which names no one), why and by whom, how many rows of each kind went, and when its
 * stored files were removed (null until then: the housekeeping sweep removes them again).
 */
export const applicantDataDeletion = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('deletion_requests')
      .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
      .addColumn('requested_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('applicant_purges')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('purged_by', 'text', (c) => c.notNull())
      .addColumn('requested_at', 'bigint')
      .addColumn('purged_at', 'bigint', (c) => c.notNull())
      .addColumn('counts', 'text', (c) => c.notNull())
      .addColumn('objects_cleared_at', 'bigint')
      .execute();
    await db.schema.createIndex('applicant_purges_objects_pending').on('applicant_purges').column('objects_cleared_at').execute();
  },
};
