import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Dialect } from '../store/dialect';
import type { Database, MailOutboxTable } from '../store/schema';

export type OutboxMail = Selectable<MailOutboxTable>;
/** A mail as a sender claimed it: every later write must still match the claim. */
export type ClaimedMail = OutboxMail & { claimed_by: string; claimed_at: number };

/** What a request records: the mail as it will be sent. */
export interface NewMail {
  recipient: string;
  subject: string;
  body: string;
}

/**
 * Records a mail to send, due now. `db` may be a transaction: the account change the mail tells
 * of (a new account, a code, a reset link) and the mail are written together or not at all.
 * Returns the mail's id, by which a request can later learn how its delivery went.
 */
export async function enqueueMail(db: Kysely<Database>, mail: NewMail, now: number): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('mail_outbox')
    .values({ id, ...mail, status: 'PENDING', attempts: 0, next_attempt_at: now, created_at: now, updated_at: now })
    .execute();
  return id;
}

/** The outbox's rows: written by requests, claimed and finished by the mail senders, purged by housekeeping. */
export function mailOutboxStore(db: Kysely<Database>, dialect: Dialect) {
  const stillClaimed = (mail: ClaimedMail) =>
    db
      .updateTable('mail_outbox')
      .where('id', '=', mail.id)
      .where('status', '=', 'SENDING')
      .where('claimed_by', '=', mail.claimed_by)
      .where('claimed_at', '=', mail.claimed_at);

  return {
    enqueue: (mail: NewMail, now: number) => enqueueMail(db, mail, now),

    /**
     * What a request for an address with no account writes instead of its secret and its mail: the
     * same transaction with two writes of the same kind (a row that is never sent, and its update),
     * so the answer takes as long as for an account (nothing about the address is kept).
     */
    async recordSkipped(now: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const id = randomUUID();
        await trx
          .insertInto('mail_outbox')
          .values({ id, recipient: '', subject: '', body: '', status: 'PENDING', attempts: 0, next_attempt_at: Number.MAX_SAFE_INTEGER, created_at: now, updated_at: now })
          .execute();
        await trx.updateTable('mail_outbox').set({ status: 'SKIPPED' }).where('id', '=', id).execute();
      });
    },

    /**
     * Takes the mail due longest, or one whose claim is older than the lease (its sender stopped
     * mid-send), in one statement: PostgreSQL's SKIP LOCKED lets concurrent senders pass over it;
     * on SQLite a statement is atomic. Each claim counts an attempt.
     */
    async claim(senderId: string, now: number, leaseMs: number): Promise<ClaimedMail | null> {
      const next = db
        .selectFrom('mail_outbox')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'PENDING'), eb('next_attempt_at', '<=', now)]),
            eb.and([eb('status', '=', 'SENDING'), eb('claimed_at', '<', now - leaseMs)]),
          ]),
        )
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(1)
        .$if(dialect === 'postgres', (qb) => qb.forUpdate().skipLocked());
      const row = await db
        .updateTable('mail_outbox')
        .set((eb) => ({ status: 'SENDING', claimed_by: senderId, claimed_at: now, attempts: eb('attempts', '+', 1), updated_at: now }))
        .where('id', '=', next)
        // The claim is checked again on the row itself: two SQLite connections may pick the same id.
        .where((eb) => eb.or([eb('status', '=', 'PENDING'), eb.and([eb('status', '=', 'SENDING'), eb('claimed_at', '<', now - leaseMs)])]))
        .returningAll()
        .executeTakeFirst();
      return row ? (row as ClaimedMail) : null;
    },

    /** SENT, and the body blanked; false when the claim no longer holds. */
    async markSent(mail: ClaimedMail, now: number): Promise<boolean> {
      const result = await stillClaimed(mail).set({ status: 'SENT', body: '', sent_at: now, claimed_by: null, claimed_at: null, updated_at: now }).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Back to PENDING until `nextAttemptAt`, with what went wrong and whether the server refused it for good. */
    async retryLater(mail: ClaimedMail, error: string, nextAttemptAt: number, now: number, refused = false): Promise<boolean> {
      const result = await stillClaimed(mail)
        .set({ status: 'PENDING', last_error: error, refused_at: refused ? now : null, next_attempt_at: nextAttemptAt, claimed_by: null, claimed_at: null, updated_at: now })
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** FAILED for good, and the body blanked: whoever needs the code or the link asks for a new one. */
    async giveUp(mail: ClaimedMail, error: string, now: number, refused = false): Promise<boolean> {
      const result = await stillClaimed(mail)
        .set({ status: 'FAILED', body: '', last_error: error, refused_at: refused ? now : null, claimed_by: null, claimed_at: null, updated_at: now })
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Mails not sent yet and not given up: waiting, due, or in a sender's hands. */
    async countUnsent(): Promise<number> {
      const row = await db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('status', 'in', ['PENDING', 'SENDING'])
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The rows of one recipient, oldest first (what an operator, or a test, asks about one address). */
    async listFor(recipient: string): Promise<OutboxMail[]> {
      return db.selectFrom('mail_outbox').selectAll().where('recipient', '=', recipient).orderBy('created_at').orderBy('id').execute();
    },

    /** Deletes finished rows (sent, given up, skipped) last changed before `before`. */
    async purgeFinishedBefore(before: number): Promise<void> {
      await db.deleteFrom('mail_outbox').where('status', 'in', ['SENT', 'FAILED', 'SKIPPED']).where('updated_at', '<', before).execute();
    },
  };
}

/** The mail outbox part of the store, as the services that use it name it. */
export type MailOutboxStore = ReturnType<typeof mailOutboxStore>;
