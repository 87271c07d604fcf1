import type { Kysely } from 'kysely';
import type { Answers } from '../../common/api';
import type { Database, PrefillTokensTable, ServiceTokensTable } from './schema';

export type ServiceTokenRow = ServiceTokensTable;
export interface PrefillTokenRow {
  expires_at: number;
  answers: Answers;
}

/** Service and prefill tokens, found by the hash of the token (the token itself is never stored). */
export function accessTokenStore(db: Kysely<Database>) {
  return {
    async createServiceToken(row: ServiceTokenRow): Promise<void> {
      await db.insertInto('service_tokens').values(row).execute();
    },

    async findServiceToken(tokenHash: string): Promise<ServiceTokenRow | undefined> {
      return db.selectFrom('service_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },

    async createPrefillToken(row: Omit<PrefillTokensTable, 'answers'> & { answers: Answers }): Promise<void> {
      await db
        .insertInto('prefill_tokens')
        .values({ ...row, answers: JSON.stringify(row.answers) })
        .execute();
    },

    async findPrefillToken(tokenHash: string): Promise<PrefillTokenRow | undefined> {
      const row = await db
        .selectFrom('prefill_tokens')
        .select(['expires_at', 'answers'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row && { expires_at: row.expires_at, answers: JSON.parse(row.answers) as Answers };
    },

    /** Removes tokens that expired before the given time. */
    async deleteExpiredBefore(time: number): Promise<void> {
      await db.deleteFrom('service_tokens').where('expires_at', '<', time).execute();
      await db.deleteFrom('prefill_tokens').where('expires_at', '<', time).execute();
    },
  };
}
