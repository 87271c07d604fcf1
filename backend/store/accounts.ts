import type { Kysely } from 'kysely';
import type { AccountsTable, Database } from './schema';

export type Account = AccountsTable;

export function accountStore(db: Kysely<Database>) {
  return {
    async findByUsername(username: string): Promise<Account | undefined> {
      return db.selectFrom('accounts').selectAll().where('username', '=', username).executeTakeFirst();
    },

    async findById(id: string): Promise<Account | undefined> {
      return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Inserts the account; false when the username is taken (a race with another sign-up included). */
    async create(account: Account): Promise<boolean> {
      const result = await db
        .insertInto('accounts')
        .values(account)
        .onConflict((oc) => oc.column('username').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async markConfirmed(id: string, now: number): Promise<void> {
      await db
        .updateTable('accounts')
        .set({ confirmed_at: now, updated_at: now })
        .where('id', '=', id)
        .where('confirmed_at', 'is', null)
        .execute();
    },

    async setPasswordHash(id: string, passwordHash: string, now: number): Promise<void> {
      await db.updateTable('accounts').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', id).execute();
    },
  };
}
