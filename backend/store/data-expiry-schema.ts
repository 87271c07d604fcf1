import type { JobColumns } from './job-schema';
import type { PurgeReason } from './applicant-data-schema';

// Row types of data's expiry (backend/data-expiry: reminders, expiry purges; migration 020); times are epoch milliseconds.

/** The purges that data's expiry orders (backend/data-expiry): an idle draft's, a submitted application's after its retention. */
export type ExpiryReason = Extract<PurgeReason, 'draft-expiry' | 'retention'>;

/**
 * One reminder mail that an idle draft will be deleted (issue 35 item 3), once per threshold of
 * the same activity: the key (account, activity, days before) makes a second instance's insert do
 * nothing. Deleted with the account.
 */
export interface DraftRemindersTable {
  account_id: string;
  /** The last activity the reminder counted from: a new sign-in starts a new series. */
  activity_at: number;
  /** The threshold it was sent for (DRAFT_REMINDER_DAYS). */
  days_before: number;
  /** The deletion date the mail named: no deletion happens before it. */
  deletes_at: number;
  sent_at: number;
}

export type ExpiryJobStatus = 'UNPROCESSED' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';

/**
 * An expiry purge on the one job queue: `draft-expiry:<account>:<activity>` or
 * `retention:<account>`, so two instances planning it at once record it once. Kept after the
 * account (its id is a random UUID, as in applicant_purges); housekeeping removes finished ones.
 */
export interface DataExpiryJobsTable extends JobColumns<ExpiryJobStatus> {
  account_id: string;
  reason: ExpiryReason;
  /** For a draft: the last activity it was due from; run only if still the last. */
  activity_at: number | null;
  /** From when it may run; a failed attempt's retry is due later. */
  due_at: number;
  /** 'purged', 'kept' (activity since, or submitted since), 'gone' (deleted already), or the last error. */
  outcome: string | null;
}

export interface DataExpiryTables {
  draft_reminders: DraftRemindersTable;
  data_expiry_jobs: DataExpiryJobsTable;
}
