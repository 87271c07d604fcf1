import type { Kysely } from 'kysely';
import type { ConfirmationCodesTable, Database, PasswordResetsTable } from './schema';

export type ConfirmationCode = ConfirmationCodesTable;
export type PasswordReset = PasswordResetsTable;

/** Confirmation codes (one live code per account) and password-reset ids, both stored hashed. */
export function oneTimeSecretStore(db: Kysely<Database>) {
  return {
    async replaceConfirmationCode(code: ConfirmationCode): Promise<void> {
      await db
        .insertInto('confirmation_codes')
        .values(code)
        .onConflict((oc) =>
          oc.column('account_id').doUpdateSet({
            code_hash: code.code_hash,
            expires_at: code.expires_at,
            attempts: 0,
            created_at: code.created_at,
          }),
        )
        .execute();
    },

    async findConfirmationCode(accountId: string): Promise<ConfirmationCode | undefined> {
      return db.selectFrom('confirmation_codes').selectAll().where('account_id', '=', accountId).executeTakeFirst();
    },

    /** Counts a wrong guess atomically and returns the attempts made so far. */
    async countConfirmationAttempt(accountId: string): Promise<number> {
      const row = await db
        .updateTable('confirmation_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('account_id', '=', accountId)
        .returning('attempts')
        .executeTakeFirst();
      return row?.attempts ?? Number.POSITIVE_INFINITY;
    },

    async deleteConfirmationCode(accountId: string): Promise<void> {
      await db.deleteFrom('confirmation_codes').where('account_id', '=', accountId).execute();
    },

    async createPasswordReset(reset: PasswordReset): Promise<void> {
      await db.insertInto('password_resets').values(reset).execute();
    },

    /**
     * Marks the reset id used if it is live and belongs to the account. Doing the check and the
     * update in one statement makes a reset id single-use even under concurrent requests.
     */
    async consumePasswordReset(idHash: string, accountId: string, now: number): Promise<boolean> {
      const row = await db
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('id_hash', '=', idHash)
        .where('account_id', '=', accountId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('account_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** After a successful reset, every other outstanding link of the account stops working. */
    async voidPasswordResets(accountId: string, now: number): Promise<void> {
      await db
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('account_id', '=', accountId)
        .where('used_at', 'is', null)
        .execute();
    },
  };
}
