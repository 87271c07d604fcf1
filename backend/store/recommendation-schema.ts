/** Row types of the letters of recommendation (migration 015); times are epoch milliseconds. */
export interface RecommendationRequestsTable {
  id: string;
  account_id: string;
  recommender_name: string;
  /** Normalized (trimmed, lower-case) e-mail address. */
  recommender_email: string;
  relationship: string;
  created_at: number;
  opened_at: number | null;
  received_at: number | null;
  revoked_at: number | null;
  invitations_sent: number;
  last_sent_at: number;
  /** What the mail server said when it refused the latest invitation for good (the checklist shows it). */
  delivery_failure: string | null;
  delivery_failed_at: number | null;
  letter_text: string | null;
}

/** One invitation's link: a request has one current link (superseded_at null) and the ones resends replaced. */
export interface RecommendationLinksTable {
  /** SHA-256 of the token (security/secrets.ts hashSecret); the token itself is never stored. */
  token_hash: string;
  request_id: string;
  created_at: number;
  expires_at: number;
  mail_id: string;
  superseded_at: number | null;
}

export interface RecommendationTables {
  recommendation_requests: RecommendationRequestsTable;
  recommendation_links: RecommendationLinksTable;
}
