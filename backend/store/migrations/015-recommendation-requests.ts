import type { Kysely } from 'kysely';

/**
 * Letters of recommendation (issue 28): one request per recommender an applicant named, and one
 * link per invitation mailed for it. A link's token is kept only as a SHA-256 hash. A resend makes
 * a new link and supersedes the one before, which stays so that it can say a newer one was sent
 * rather than look unknown; a corrected address or another recommender revokes the request and
 * names a new one. The letter is typed text for now; a document letter will name its conversion in
 * a column of its own.
 */
export const recommendationRequests = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('recommendation_requests')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('recommender_name', 'text', (c) => c.notNull())
      .addColumn('recommender_email', 'text', (c) => c.notNull())
      .addColumn('relationship', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('opened_at', 'bigint')
      .addColumn('received_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .addColumn('invitations_sent', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_sent_at', 'bigint', (c) => c.notNull())
      // A permanent refusal of the latest invitation by the mail server, for the applicant's checklist.
      .addColumn('delivery_failure', 'text')
      .addColumn('delivery_failed_at', 'bigint')
      .addColumn('letter_text', 'text')
      .execute();
    await db.schema.createIndex('recommendation_requests_account').on('recommendation_requests').column('account_id').execute();

    await db.schema
      .createTable('recommendation_links')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('request_id', 'text', (c) => c.notNull().references('recommendation_requests.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      // The outbox row that carried the link: how its delivery went.
      .addColumn('mail_id', 'text', (c) => c.notNull())
      .addColumn('superseded_at', 'bigint')
      .execute();
    await db.schema.createIndex('recommendation_links_request').on('recommendation_links').column('request_id').execute();
  },
};
