import type { JobColumns } from './job-schema';

/** Row types of an applicant's own data and its lifetime (migrations 019, 020); times are epoch milliseconds. */
export interface DeletionRequestsTable {
  account_id: string;
  requested_at: number;
}

/**
 * Why an account was deleted: the applicant deleted their draft themselves, an admin completed a
 * submitted applicant's request, or an unsubmitted draft expired (issue 35 item 3).
 */
export type PurgeReason = 'applicant' | 'deletion-request' | 'draft-expiry' | 'retention';

/** The purges that data's expiry orders (backend/data-expiry): an idle draft's, a submitted application's after its retention. */
export type ExpiryReason = Extract<PurgeReason, 'draft-expiry' | 'retention'>;

/** The record of one deletion, kept after it; nothing in it names the applicant. */
export interface ApplicantPurgesTable {
  id: string;
  /** The deleted account's id: a random UUID, which the access log's entries name too. */
  account_id: string;
  reason: PurgeReason;
  /** 'applicant', 'housekeeping' or `staff:<staff id>`. */
  purged_by: string;
  /** When the applicant asked, for a completed request. */
  requested_at: number | null;
  purged_at: number;
  /** JSON object: rows deleted per table, and objects once removed. */
  counts: string;
  /** When the account's stored files were removed; null until then. */
  objects_cleared_at: number | null;
}

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

export interface ApplicantDataTables {
  deletion_requests: DeletionRequestsTable;
  applicant_purges: ApplicantPurgesTable;
  draft_reminders: DraftRemindersTable;
  data_expiry_jobs: DataExpiryJobsTable;
}
