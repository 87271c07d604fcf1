import type { Kysely } from 'kysely';

/**
 * Service links can be revoked by an admin (issue 24): when and by whom. A revoked row stays until
 * it expires, so the link answers "revoked" rather than "unknown" and the list shows who did it.
 */
export const serviceLinkRevocation = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('service_tokens').addColumn('revoked_at', 'bigint').execute();
    await db.schema.alterTable('service_tokens').addColumn('revoked_by', 'text').execute();
    await db.schema.createIndex('service_tokens_created').on('service_tokens').column('created_at').execute();
  },
};
