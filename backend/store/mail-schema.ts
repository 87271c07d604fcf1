import type { JobColumns } from './job-schema';

// Row types of the outbox (backend/mail; only it names the table, lint checks); times are epoch milliseconds.

/**
 * Where an account e-mail is: PENDING until due (next_attempt_at), SENDING while a sender holds its
 * lease, then SENT or FAILED (given up); SKIPPED is the row a request for an address with no
 * account writes, so both kinds of request do the same database work (nothing is ever sent for it).
 */
export type OutboxMailStatus = 'PENDING' | 'SENDING' | 'SENT' | 'FAILED' | 'SKIPPED';

/** One account e-mail to send (see migration 011); a sender claims it (claimed_by, claimed_at) under a lease. */
export interface MailOutboxTable extends JobColumns<OutboxMailStatus> {
  recipient: string;
  subject: string;
  /** The text, until the mail is sent or given up; then '' (it holds codes and reset links). */
  body: string;
  /** When it is due (again, after a failure: the backoff). */
  next_attempt_at: number;
  sent_at: number | null;
  /** What the mail server said to the last attempt that failed. */
  last_error: string | null;
  /** When that attempt was refused for good (an SMTP 5xx reply); null if it was a temporary failure. */
  refused_at: number | null;
  /** Mails of one kind for one account (a confirmation code): a later one replaces this one if it is not sent yet. */
  replace_key: string | null;
}

export interface MailTables {
  mail_outbox: MailOutboxTable;
}
