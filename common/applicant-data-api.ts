// What staff read of applicants' own data and its lifetime (issue 35): the accounts waiting to be
// deleted, and what expires soon. The paths are in staff-api.ts with the other staff calls.

/** One applicant waiting for their account to be deleted (issue 35 item 4). */
export interface DeletionRequestEntry {
  application_id: string;
  email: string;
  /** As typed; '' when the applicant gave none. */
  name: string;
  /** ISO times. */
  requested_at: string;
  submitted_at: string | null;
}

export interface DeletionRequestsResponse {
  /** Oldest first. */
  requests: DeletionRequestEntry[];
}

/** A draft with a reminder or its deletion coming (issue 35 item 3). Times are ISO. */
export interface ExpiringDraftEntry {
  application_id: string;
  email: string;
  /** As typed; '' when the applicant gave none. */
  name: string;
  /** The last sign-in, request or save: the clock starts again from the next. */
  last_activity_at: string;
  /** The next reminder mail and when it is due (in the past: at the next look); null when all are sent. */
  next_reminder: { days_before: number; due_at: string } | null;
  deletes_at: string;
}

/** A submitted application whose retention ends soon (or has ended: its purge is under way). */
export interface ExpiringApplicationEntry {
  application_id: string;
  email: string;
  name: string;
  submitted_at: string;
  /** The entry term answered ('2027FA'); null when none. */
  term: string | null;
  deletes_at: string;
}

/** What is due (admin role): drafts to be reminded or deleted, and submitted applications at the end of their retention. */
export interface DataExpiryResponse {
  settings: { draft_expiry_days: number; reminder_days: number[]; retention_months_after_term: number };
  /** Everything due within this many days from now is listed, the soonest first. */
  horizon_days: number;
  drafts: ExpiringDraftEntry[];
  submitted: ExpiringApplicationEntry[];
}
