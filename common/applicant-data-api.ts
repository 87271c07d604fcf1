// What staff read of applicants' own data and its lifetime (issue 35): the accounts waiting to be
// deleted. The paths are in staff-api.ts with the other staff calls.

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
