import type { Kysely, Selectable } from 'kysely';
import { enqueueMail, type NewMail } from '../mail/mail-outbox-store';
import type { Database } from '../store/schema';
import type { StaffAccountsTable, StaffInvitationsTable, StaffRole, StaffSessionsTable } from '../store/staff-schema';

export type StaffAccount = Selectable<StaffAccountsTable>;
export type StaffInvitation = StaffInvitationsTable;
export type StaffSession = StaffSessionsTable;

/** What enrolment writes: the account's password and second factor, and its new recovery codes. */
export interface Enrolment {
  passwordHash: string;
  totpSecret: string;
  totpStep: number;
  recoveryCodeHashes: string[];
}

/** Staff accounts, invitations, recovery codes and sessions: only this module writes their SQL. */
export function staffStore(db: Kysely<Database>) {
  /**
   * A new invitation replaces every outstanding one of the account (deleted: an invitation row holds
   * the TOTP secret it offers, and a link no longer live answers as an unknown one does); written
   * with its mail.
   */
  async function writeInvitation(trx: Kysely<Database>, invitation: StaffInvitation, mail: NewMail): Promise<void> {
    await trx.deleteFrom('staff_invitations').where('staff_id', '=', invitation.staff_id).execute();
    await trx.insertInto('staff_invitations').values(invitation).execute();
    await enqueueMail(trx, mail, invitation.created_at);
  }

  return {
    async findByEmail(email: string): Promise<StaffAccount | undefined> {
      return db.selectFrom('staff_accounts').selectAll().where('email', '=', email).executeTakeFirst();
    },

    async findById(id: string): Promise<StaffAccount | undefined> {
      return db.selectFrom('staff_accounts').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async list(): Promise<StaffAccount[]> {
      return db.selectFrom('staff_accounts').selectAll().orderBy('email').execute();
    },

    /**
     * Creates the account with its invitation and the mail that carries it, in one transaction;
     * false (nothing written) when the e-mail address already has a staff account.
     */
    async create(account: { id: string; email: string; role: StaffRole; created_at: number }, invitation: StaffInvitation, mail: NewMail): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .insertInto('staff_accounts')
          .values({ ...account, password_hash: null, totp_secret: null, totp_last_step: null, second_factor_failures: 0, enrolled_at: null, updated_at: account.created_at })
          .onConflict((oc) => oc.column('email').doNothing())
          .executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
        await writeInvitation(trx, invitation, mail);
        return true;
      });
    },

    /**
     * A new invitation for an existing account: its password, second factor, recovery codes and
     * sessions are gone until it is accepted (a lost phone, a locked account, a departure undone).
     */
    async reinvite(invitation: StaffInvitation, mail: NewMail): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('staff_accounts')
          .set({ password_hash: null, totp_secret: null, totp_last_step: null, second_factor_failures: 0, enrolled_at: null, updated_at: invitation.created_at })
          .where('id', '=', invitation.staff_id)
          .execute();
        await trx.deleteFrom('staff_recovery_codes').where('staff_id', '=', invitation.staff_id).execute();
        await trx.deleteFrom('staff_sessions').where('staff_id', '=', invitation.staff_id).execute();
        await writeInvitation(trx, invitation, mail);
      });
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('staff_accounts').where('id', '=', id).execute();
    },

    async setRole(id: string, role: StaffRole, now: number): Promise<void> {
      await db.updateTable('staff_accounts').set({ role, updated_at: now }).where('id', '=', id).execute();
    },

    /** Deletes the invitations expired by `now`, with the secrets they offered (housekeeping). */
    async purgeExpiredInvitations(now: number): Promise<number> {
      const result = await db.deleteFrom('staff_invitations').where('expires_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The invitation of a link, if it is live (unused, unexpired). */
    async findLiveInvitation(idHash: string, now: number): Promise<StaffInvitation | undefined> {
      return db
        .selectFrom('staff_invitations')
        .selectAll()
        .where('id_hash', '=', idHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    /**
     * Uses the invitation and enrols the account in one transaction. The check and the use are one
     * statement, which deletes the invitation (its TOTP secret is the account's from now on, kept
     * nowhere else), so a link works once even under concurrent requests; false when it was not live.
     */
    async enrol(idHash: string, enrolment: Enrolment, now: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const used = await trx
          .deleteFrom('staff_invitations')
          .where('id_hash', '=', idHash)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .returning('staff_id')
          .executeTakeFirst();
        if (!used) return false;
        await trx
          .updateTable('staff_accounts')
          .set({
            password_hash: enrolment.passwordHash,
            totp_secret: enrolment.totpSecret,
            totp_last_step: enrolment.totpStep,
            second_factor_failures: 0,
            enrolled_at: now,
            updated_at: now,
          })
          .where('id', '=', used.staff_id)
          .execute();
        await trx.deleteFrom('staff_recovery_codes').where('staff_id', '=', used.staff_id).execute();
        if (enrolment.recoveryCodeHashes.length > 0) {
          await trx
            .insertInto('staff_recovery_codes')
            .values(enrolment.recoveryCodeHashes.map((code_hash) => ({ code_hash, staff_id: used.staff_id, used_at: null, created_at: now })))
            .execute();
        }
        await trx.deleteFrom('staff_sessions').where('staff_id', '=', used.staff_id).execute();
        return true;
      });
    },

    /** Accepts a TOTP step once: true when it is later than the last accepted one (and records it). */
    async acceptTotpStep(id: string, step: number): Promise<boolean> {
      const row = await db
        .updateTable('staff_accounts')
        .set({ totp_last_step: step, second_factor_failures: 0 })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Uses a recovery code once; true when it was the account's and unused. */
    async useRecoveryCode(id: string, codeHash: string, now: number): Promise<boolean> {
      const row = await db
        .updateTable('staff_recovery_codes')
        .set({ used_at: now })
        .where('code_hash', '=', codeHash)
        .where('staff_id', '=', id)
        .where('used_at', 'is', null)
        .returning('staff_id')
        .executeTakeFirst();
      if (row) await db.updateTable('staff_accounts').set({ second_factor_failures: 0 }).where('id', '=', id).execute();
      return row !== undefined;
    },

    async unusedRecoveryCodes(id: string): Promise<number> {
      const row = await db
        .selectFrom('staff_recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('staff_id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Counts a wrong second factor atomically; returns the failures in a row so far. */
    async countSecondFactorFailure(id: string): Promise<number> {
      const row = await db
        .updateTable('staff_accounts')
        .set((eb) => ({ second_factor_failures: eb('second_factor_failures', '+', 1) }))
        .where('id', '=', id)
        .returning('second_factor_failures')
        .executeTakeFirst();
      return row?.second_factor_failures ?? Number.POSITIVE_INFINITY;
    },

    /** A new password ends every session of the account, in the same transaction. */
    async setPassword(id: string, passwordHash: string, now: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('staff_accounts').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', id).execute();
        await trx.deleteFrom('staff_sessions').where('staff_id', '=', id).execute();
      });
    },

    sessions: {
      async create(session: StaffSession): Promise<void> {
        await db.insertInto('staff_sessions').values(session).execute();
      },
      async find(idHash: string): Promise<StaffSession | undefined> {
        return db.selectFrom('staff_sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
      },
      async touch(idHash: string, now: number): Promise<void> {
        await db.updateTable('staff_sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();
      },
      async delete(idHash: string): Promise<void> {
        await db.deleteFrom('staff_sessions').where('id_hash', '=', idHash).execute();
      },
      async deleteExpired(now: number, idleCutoff: number): Promise<void> {
        await db
          .deleteFrom('staff_sessions')
          .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleCutoff)]))
          .execute();
      },
    },
  };
}

export type StaffStore = ReturnType<typeof staffStore>;
