/** Row types of an applicant's own data and its lifetime (migration 019; data's expiry is data-expiry-schema.ts); times are epoch milliseconds. */
export interface DeletionRequestsTable {
  account_id: string;
  requested_at: number;
}

/**
 * Why an account was deleted: the applicant deleted their draft themselves, an admin completed a
 * submitted applicant's request, or an unsubmitted draft expired (issue 35 item 3).
 */
export type PurgeReason = 'applicant' | 'deletion-request' | 'draft-expiry' | 'retention';

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

export interface ApplicantDataTables {
  deletion_requests: DeletionRequestsTable;
  applicant_purges: ApplicantPurgesTable;
}
