// Row types of the service and prefill links (backend/access-tokens); times are epoch milliseconds.

/** A staff member's read-only access to one application (see migration 009); only the hash is kept. */
export interface ServiceTokensTable {
  token_hash: string;
  account_id: string;
  expires_at: number;
  /** Who minted it: a staff member's e-mail, `command:<operator>` or `admin API key "<label>"` (before issue 24: 'command' or 'admin-api'). */
  created_by: string;
  created_at: number;
  revoked_at: number | null;
  revoked_by: string | null;
}

/** A temporary public answer (see migration 009): JSON text of the answers it fills in. */
export interface PrefillTokensTable {
  token_hash: string;
  answers: string;
  expires_at: number;
  created_by: string;
  created_at: number;
}

export interface AccessTokenTables {
  service_tokens: ServiceTokensTable;
  prefill_tokens: PrefillTokensTable;
}
