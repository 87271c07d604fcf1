import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { jobQueue, newJob, type Claimed, type JobStatuses } from '../jobs/job-queue';
import { replaceNonText } from '../../common/validation/text-characters';
import { deletedCount } from '../store/deleted-count';
import type { Dialect } from '../store/dialect';
import type { Database } from '../store/schema';
import type { MailOutboxTable, OutboxMailStatus } from '../store/mail-schema';

export type OutboxMail = Selectable<MailOutboxTable>;
/** A mail as a sender claimed it: every later write must still match the claim. */
export type ClaimedMail = Claimed<OutboxMail>;

/** A mail waits PENDING until due, is SENDING in a sender's hands, then SENT or FAILED (given up). */
const MAIL_STATUSES: JobStatuses<OutboxMailStatus> = { waiting: 'PENDING', claimed: 'SENDING', completed: 'SENT', failed: 'FAILED' };

/** What a request records: the mail as it will be sent. */
export interface NewMail {
  recipient: string;
  subject: string;
  body: string;
  /** Names the kind and account of a secret the mail carries: a later mail with the same key replaces this one while it is unsent. */
  replaceKey?: string;
}

/**
 * Records a mail to send, due now. `db` may be a transaction: the account change the mail tells
 * of (a new account, a code, a reset link) and the mail are written together or not at all.
 * Returns the mail's id, by which a request can later learn how its delivery went.
 */
export async function enqueueMail(db: Kysely<Database>, mail: NewMail, now: number): Promise<string> {
  const id = randomUUID();
  // A mail quotes stored answers (a name in a receipt), some saved before text was checked: what is
  // not text shows as U+FFFD, so PostgreSQL takes the row and the mail is sent all the same.
  const { recipient, subject, body, replaceKey } = mail;
  await db
    .insertInto('mail_outbox')
    .values({ id, recipient, subject: replaceNonText(subject), body: replaceNonText(body, true), replace_key: replaceKey ?? null, ...newJob(MAIL_STATUSES, now), next_attempt_at: now })
    .execute();
  return id;
}

/**
 * How each mail fared, as a table a feature that keeps a mail's id joins (a recommendation's
 * invitation): `.leftJoin(mailDeliveries(db).as('m'), 'm.id', 'l.mail_id')`. Only until housekeeping
 * purges the finished mail; the feature keeps what it must know for longer on its own rows.
 */
export const mailDeliveries = (db: Kysely<Database>) => db.selectFrom('mail_outbox').select(['id', 'status', 'refused_at', 'last_error']);

/** Most ids one delete names: SQLite's bound on a statement's parameters is far above it. */
const FORGET_BATCH = 500;

/**
 * Deletes the mails to `recipient` and those with the given ids (an applicant's purge: their own
 * mails and the invitations that named them), in the caller's transaction; returns how many went.
 */
export async function forgetMails(trx: Kysely<Database>, recipient: string, ids: readonly string[]): Promise<number> {
  let forgotten = deletedCount(await trx.deleteFrom('mail_outbox').where('recipient', '=', recipient).executeTakeFirst());
  for (let start = 0; start < ids.length; start += FORGET_BATCH) {
    forgotten += deletedCount(await trx.deleteFrom('mail_outbox').where('id', 'in', ids.slice(start, start + FORGET_BATCH)).executeTakeFirst());
  }
  return forgotten;
}

/** The outbox as a queue: the mail due longest first (a failed attempt's retry is due later). */
export const mailJobs = (db: Kysely<Database>, dialect: Dialect) => jobQueue(db, 'mail_outbox', { dialect, statuses: MAIL_STATUSES, dueAt: 'next_attempt_at' });

/** The outbox's rows: written by requests, claimed and finished by the mail senders, purged by housekeeping. */
export function mailOutboxStore(db: Kysely<Database>, dialect: Dialect) {
  const jobs = mailJobs(db, dialect);
  /** A mail sent or given up names no sender (a conversion keeps the loop that finished it). */
  const unclaimed = { claimed_by: null, claimed_at: null };

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
          .values({ id, recipient: '', subject: '', body: '', ...newJob(MAIL_STATUSES, now), next_attempt_at: Number.MAX_SAFE_INTEGER })
          .execute();
        await trx.updateTable('mail_outbox').set({ status: 'SKIPPED' }).where('id', '=', id).execute();
      });
    },

    /** Takes the mail due longest, or one whose claim is older than the lease (its sender stopped mid-send); each claim counts an attempt. */
    claim: jobs.claim,

    /** Whether a mail recorded after this one has its replace key: this one is then not to be sent. */
    async replacedByLater(mail: ClaimedMail): Promise<boolean> {
      if (mail.replace_key === null) return false;
      const later = await db
        .selectFrom('mail_outbox')
        .select('id')
        .where('replace_key', '=', mail.replace_key)
        .where('created_at', '>', mail.created_at)
        .limit(1)
        .executeTakeFirst();
      return later !== undefined;
    },

    /** SENT, and the body blanked; false when the claim no longer holds. */
    async markSent(mail: ClaimedMail, now: number): Promise<boolean> {
      return jobs.complete(mail, now, { body: '', sent_at: now, ...unclaimed });
    },

    /** Back to PENDING until `nextAttemptAt`, with what went wrong and whether the server refused it for good. */
    async retryLater(mail: ClaimedMail, error: string, nextAttemptAt: number, now: number, refused = false): Promise<boolean> {
      return jobs.release(mail, now, { set: { last_error: error, refused_at: refused ? now : null, next_attempt_at: nextAttemptAt } });
    },

    /** FAILED for good, and the body blanked: whoever needs the code or the link asks for a new one. */
    async giveUp(mail: ClaimedMail, error: string, now: number, refused = false): Promise<boolean> {
      return jobs.fail(mail, now, { body: '', last_error: error, refused_at: refused ? now : null, ...unclaimed });
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
