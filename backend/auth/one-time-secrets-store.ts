import type { Kysely } from 'kysely';
import { enqueueMail, type NewMail } from '../mail/mail-outbox-store';
import type { ConfirmationCodesTable, PasswordResetsTable } from '../store/auth-schema';
import type { Database } from '../store/schema';

export type ConfirmationCode = ConfirmationCodesTable;
export type PasswordReset = PasswordResetsTable;

/** The account's one live code becomes this one. `db` may be a transaction (sign-up writes it with the account). */
export async function upsertConfirmationCode(db: Kysely<Database>, code: ConfirmationCode): Promise<void> {
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
}

/**
 * Confirmation codes (one live code per account) and password-reset ids, both stored hashed. A
 * new code or reset id is written with the mail that carries it, in one transaction, when given one.
 */
export function oneTimeSecretStore(db: Kysely<Database>) {
  return {
    async replaceConfirmationCode(code: ConfirmationCode, mail?: NewMail): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await upsertConfirmationCode(trx, code);
        if (mail) await enqueueMail(trx, mail, code.created_at);
      });
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

    async createPasswordReset(reset: PasswordReset, mail?: NewMail): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('password_resets').values(reset).execute();
        if (mail) await enqueueMail(trx, mail, reset.created_at);
      });
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

/** The one time secrets part of the store, as the services that use it name it. */
export type OneTimeSecretStore = ReturnType<typeof oneTimeSecretStore>;
