import type { Kysely } from 'kysely';
import type { Answers } from '../../common/api';
import type { Database } from '../store/schema';
import type { PrefillTokensTable, ServiceTokensTable } from '../store/access-token-schema';

export type ServiceTokenRow = ServiceTokensTable;
export type NewServiceToken = Omit<ServiceTokensTable, 'revoked_at' | 'revoked_by'>;
export interface ListedServiceToken extends ServiceTokenRow {
  applicant_email: string | null;
}
export interface PrefillTokenRow {
  expires_at: number;
  answers: Answers;
}

/** Service and prefill tokens, found by the hash of the token (the token itself is never stored). */
export function accessTokenStore(db: Kysely<Database>) {
  return {
    async createServiceToken(row: NewServiceToken): Promise<void> {
      await db.insertInto('service_tokens').values(row).execute();
    },

    /** The links not expired at `now`, revoked ones included, newest first. */
    async listServiceTokens(now: number, limit: number): Promise<ListedServiceToken[]> {
      return db
        .selectFrom('service_tokens as t')
        .leftJoin('accounts as a', 'a.id', 't.account_id')
        .selectAll('t')
        .select('a.username as applicant_email')
        .where('t.expires_at', '>', now)
        .orderBy('t.created_at', 'desc')
        .orderBy('t.token_hash')
        .limit(limit)
        .execute();
    },

    /** Revokes a link not expired at `at` (one revoked before keeps its first revocation); its row, or undefined if there is no such link. */
    async revokeServiceToken(tokenHash: string, by: string, at: number): Promise<ServiceTokenRow | undefined> {
      await db
        .updateTable('service_tokens')
        .set({ revoked_at: at, revoked_by: by })
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', at)
        .where('revoked_at', 'is', null)
        .execute();
      return db.selectFrom('service_tokens').selectAll().where('token_hash', '=', tokenHash).where('expires_at', '>', at).executeTakeFirst();
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

/** The access tokens part of the store, as the services that use it name it. */
export type AccessTokenStore = ReturnType<typeof accessTokenStore>;
