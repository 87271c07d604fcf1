import type { Generated } from 'kysely';

/** Row types of the applicants' accounts (backend/auth: sign-up, codes, resets, sessions, logins); times are epoch milliseconds. */
export interface AccountsTable {
  id: string;
  /** Normalized (trimmed, lower-case) e-mail address. */
  username: string;
  password_hash: string;
  confirmed_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface ConfirmationCodesTable {
  account_id: string;
  code_hash: string;
  expires_at: number;
  attempts: number;
  created_at: number;
}

export interface PasswordResetsTable {
  id_hash: string;
  account_id: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface SessionsTable {
  id_hash: string;
  account_id: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

export interface LoginsTable {
  id: Generated<number>;
  account_id: string;
  logged_in_at: number;
}

export interface AuthTables {
  accounts: AccountsTable;
  confirmation_codes: ConfirmationCodesTable;
  password_resets: PasswordResetsTable;
  sessions: SessionsTable;
  logins: LoginsTable;
}
