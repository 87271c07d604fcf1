/** Row types of the security layer (backend/security: the rate limits' counters); times are epoch milliseconds. */
export interface RateLimitsTable {
  bucket: string;
  window_start: number;
  hits: number;
}

export interface SecurityTables {
  rate_limits: RateLimitsTable;
}
