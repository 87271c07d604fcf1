import type { Kysely } from 'kysely';
import { enqueueMail, type NewMail } from '../mail/mail-outbox-store';
import { upsertConfirmationCode, type ConfirmationCode } from './one-time-secrets-store';
import type { AccountsTable } from '../store/auth-schema';
import type { Database } from '../store/schema';

export type Account = AccountsTable;

export function accountStore(db: Kysely<Database>) {
  return {
    async findByUsername(username: string): Promise<Account | undefined> {
      return db.selectFrom('accounts').selectAll().where('username', '=', username).executeTakeFirst();
    },

    async findById(id: string): Promise<Account | undefined> {
      return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Inserts the account, with its first confirmation code and the mail that carries it when given,
     * all in one transaction; false (and nothing written) when the username is taken, a race with
     * another sign-up included.
     */
    async create(account: Account, confirmation?: { code: ConfirmationCode; mail: NewMail }): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .insertInto('accounts')
          .values(account)
          .onConflict((oc) => oc.column('username').doNothing())
          .executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
        if (confirmation) {
          await upsertConfirmationCode(trx, confirmation.code);
          await enqueueMail(trx, confirmation.mail, account.created_at);
        }
        return true;
      });
    },

    /** Logins are the account's: the sign-in records them, the profile lists them (applicationStore.profile). */
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

    /** Confirms an unconfirmed account; true only for the call that confirmed it. */
    async markConfirmed(id: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('accounts')
        .set({ confirmed_at: now, updated_at: now })
        .where('id', '=', id)
        .where('confirmed_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async setPasswordHash(id: string, passwordHash: string, now: number): Promise<void> {
      await db.updateTable('accounts').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', id).execute();
    },
  };
}

/** The accounts part of the store, as the services that use it name it. */
export type AccountStore = ReturnType<typeof accountStore>;
