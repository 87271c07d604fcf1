import type { Generated } from 'kysely';
import type { InboxStatus, StaffRole } from '../../common/staff-api';

/** Row types of the staff tables (see migration 012); times are epoch milliseconds. */
export type { StaffRole };

export interface StaffAccountsTable {
  id: string;
  /** Normalized (trimmed, lower-case) e-mail address. */
  email: string;
  role: StaffRole;
  password_hash: string | null;
  /** Base32 TOTP secret, once enrolled. */
  totp_secret: string | null;
  totp_last_step: number | null;
  /** Wrong second factors after a right password, in a row; the account locks at the limit. */
  second_factor_failures: Generated<number>;
  enrolled_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface StaffInvitationsTable {
  id_hash: string;
  staff_id: string;
  totp_secret: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface StaffRecoveryCodesTable {
  code_hash: string;
  staff_id: string;
  used_at: number | null;
  created_at: number;
}

export interface StaffSessionsTable {
  id_hash: string;
  staff_id: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

export interface StaffInboxTable {
  account_id: string;
  email: string;
  name: string;
  search_text: string;
  sort_name: string;
  program: string;
  program_label: string;
  campus: string;
  campus_label: string;
  term: string;
  term_label: string;
  status: InboxStatus;
  submitted_at: number | null;
  last_saved_at: number | null;
  documents: number;
  history_id: number;
  refreshed_at: number;
}

export interface StaffInboxStateTable {
  id: number;
  looked_at: number;
}

export interface StaffTables {
  staff_inbox: StaffInboxTable;
  staff_inbox_state: StaffInboxStateTable;
  staff_accounts: StaffAccountsTable;
  staff_invitations: StaffInvitationsTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_sessions: StaffSessionsTable;
}
