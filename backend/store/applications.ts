import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** The applicant's record: logins, status entries and last page. */
export function applicationStore(db: Kysely<Database>) {
  return {
    async recordLogin(accountId: string, now: number): Promise<void> {
      await db.insertInto('logins').values({ account_id: accountId, logged_in_at: now }).execute();
    },

    async listLogins(accountId: string): Promise<number[]> {
      const rows = await db
        .selectFrom('logins')
        .select('logged_in_at')
        .where('account_id', '=', accountId)
        .orderBy('logged_in_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => row.logged_in_at);
    },

    /** Adds a status entry once; repeating it changes nothing. */
    async addWebStatus(accountId: string, webStatus: string, now: number): Promise<void> {
      await db
        .insertInto('web_status_entries')
        .values({ account_id: accountId, web_status: webStatus, created_at: now })
        .onConflict((oc) => oc.columns(['account_id', 'web_status']).doNothing())
        .execute();
    },

    async listWebStatus(accountId: string): Promise<{ web_status: string; created_at: number }[]> {
      return db
        .selectFrom('web_status_entries')
        .select(['web_status', 'created_at'])
        .where('account_id', '=', accountId)
        .orderBy('created_at')
        .execute();
    },

    async setLastPage(accountId: string, lastPage: string, now: number): Promise<void> {
      await db
        .insertInto('applications')
        .values({ account_id: accountId, last_page: lastPage, updated_at: now })
        .onConflict((oc) => oc.column('account_id').doUpdateSet({ last_page: lastPage, updated_at: now }))
        .execute();
    },

    async getLastPage(accountId: string): Promise<string | null> {
      const row = await db.selectFrom('applications').select('last_page').where('account_id', '=', accountId).executeTakeFirst();
      return row?.last_page ?? null;
    },
  };
}
