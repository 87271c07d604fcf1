import type { Generated } from 'kysely';
import type { StaffTables } from './staff-schema';
import type { RecommendationTables } from './recommendation-schema';
import type { ChecklistTables } from './checklist-schema';
import type { ApplicantDataTables } from './applicant-data-schema';
import type { JobColumns } from './job-schema';

/** The job columns live in job-schema.ts, which the features' schemas import without a circle. */
export type { JobColumns } from './job-schema';

/** Row types of every table; times are epoch milliseconds in both dialects. */
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

export interface WebStatusEntriesTable {
  account_id: string;
  web_status: string;
  created_at: number;
}

export interface ApplicationsTable {
  account_id: string;
  last_page: string | null;
  updated_at: number;
}

export interface AnswersTable {
  account_id: string;
  answer_key: string;
  /** JSON text of a string or boolean. */
  value: string;
  updated_at: number;
}

export interface AnswerHistoryTable {
  id: Generated<number>;
  account_id: string;
  answer_key: string;
  /** JSON text, or null when the key had no answer. */
  old_value: string | null;
  new_value: string | null;
  /** Who changed it: 'applicant' for the applicant's own session. */
  changed_by: string;
  changed_at: number;
}

export interface ValidationErrorsTable {
  account_id: string;
  /** JSON text of the errors map the client computed. */
  errors: string;
  updated_at: number;
}

export interface RateLimitsTable {
  bucket: string;
  window_start: number;
  hits: number;
}

export interface LookupCategoriesTable {
  category: string;
  /** The id the next record written to the category gets. */
  next_id: number;
  /** Where the data came from: the seed package and version, or the imported file. */
  source: string;
  updated_at: number;
}

/** A school or an address; empty strings for fields the data does not have. */
export interface LookupRecordsTable {
  category: string;
  /** Unique within the category; ids are never reused by later imports. */
  id: number;
  /** School (CEEB) code, or '' when the data has none. */
  code: string;
  name: string;
  address_line_1: string;
  city: string;
  /** Full state or province name, as the answers store it. */
  state: string;
  zip: string;
  /** ISO alpha-3 code, or '' when unknown. */
  country: string;
  /** The search result's label and second line. */
  text: string;
  sub_text: string;
}

/** One row per distinct normalized word of a record (see migration 003). */
export interface LookupTokensTable {
  category: string;
  token: string;
  record_id: number;
  norm_name: string;
  sort_key: string;
  /** Every token of the record, each preceded by a space. */
  words: string;
}

/** An object key issued by POST /api/presigned-url; the key is never chosen by a client. */
export interface UploadsTable {
  file_key: string;
  account_id: string;
  answer_key: string;
  created_at: number;
  /** When the signed upload form stops being accepted; housekeeping removes the object later unless a conversion uses it. */
  expires_at: number;
  /** When a conversion first used the form; until then, and until it expires, it counts as outstanding. */
  used_at: number | null;
}

export interface TabChoicesTable {
  account_id: string;
  tab_id: string;
  chosen_tab: string;
  updated_at: number;
}

export interface AddAnotherCountsTable {
  account_id: string;
  button_id: string;
  num_components: number;
  updated_at: number;
}

/** What a conversion job is doing; NOT_ANSWERED is no row at all. */
export type ConversionJobStatus = 'UNPROCESSED' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';

/**
 * A document's conversion to PDF, one per applicant and upload question (see migration 006). Its id
 * is new for every start, so a worker still busy with a replaced job cannot finish the new one.
 */
export interface ConversionsTable extends JobColumns<ConversionJobStatus> {
  account_id: string;
  answer_key: string;
  /** The uploaded object (uploads/<account>/<answer key>/<uuid>). */
  file_key: string;
  file_name: string;
  file_size: number;
  /** The applicant's message of a FAILED job; null otherwise. */
  message: string | null;
  /** The converted PDF's object key, once COMPLETED. */
  pdf_key: string | null;
}

/** The submitted application, frozen at submission (see migration 007). JSON columns are text. */
export interface SubmissionsTable {
  account_id: string;
  /** JSON object of the answers as stored at submission. */
  answers: string;
  /** JSON object by upload key: conversion_id, file_key, file_name, file_size and pdf_key of each converted document (older rows: the last three). */
  document_answers: string;
  /** JSON object: tab group id to chosen tab. */
  tabs: string;
  /** JSON object: add-another button id to number of blocks. */
  add_another: string;
  submitted_at: number;
}

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

/** What a generation of the application PDF is doing (spec platform section 4, PDF status). */
export type ApplicationPdfJobStatus = 'UNPROCESSED' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';

/** Who an application PDF is made for: the applicant's own, or the office's, which carries the letters (migration 018). */
export type PdfAudience = 'applicant' | 'office';

/**
 * The application PDF of one applicant for one audience (see migrations 008 and 018). Its id is new
 * for every generation: it names the download and keeps a replaced job from finishing the new one.
 */
export interface ApplicationPdfsTable extends JobColumns<ApplicationPdfJobStatus> {
  account_id: string;
  audience: PdfAudience;
  /** contentFingerprint of what the PDF is made from; a different fingerprint means a new generation. */
  fingerprint: string;
  message: string | null;
  pdf_key: string | null;
}

/**
 * Where an account e-mail is: PENDING until due (next_attempt_at), SENDING while a sender holds its
 * lease, then SENT or FAILED (given up); SKIPPED is the row a request for an address with no
 * account writes, so both kinds of request do the same database work (nothing is ever sent for it).
 */
export type OutboxMailStatus = 'PENDING' | 'SENDING' | 'SENT' | 'FAILED' | 'SKIPPED';

/** One account e-mail to send (see migration 011); a sender claims it (claimed_by, claimed_at) under a lease. */
export interface MailOutboxTable extends JobColumns<OutboxMailStatus> {
  recipient: string;
  subject: string;
  /** The text, until the mail is sent or given up; then '' (it holds codes and reset links). */
  body: string;
  /** When it is due (again, after a failure: the backoff). */
  next_attempt_at: number;
  sent_at: number | null;
  /** What the mail server said to the last attempt that failed. */
  last_error: string | null;
  /** When that attempt was refused for good (an SMTP 5xx reply); null if it was a temporary failure. */
  refused_at: number | null;
  /** Mails of one kind for one account (a confirmation code): a later one replaces this one if it is not sent yet. */
  replace_key: string | null;
}

export interface Database extends StaffTables, RecommendationTables, ChecklistTables, ApplicantDataTables {
  accounts: AccountsTable;
  confirmation_codes: ConfirmationCodesTable;
  password_resets: PasswordResetsTable;
  sessions: SessionsTable;
  logins: LoginsTable;
  web_status_entries: WebStatusEntriesTable;
  applications: ApplicationsTable;
  answers: AnswersTable;
  tab_choices: TabChoicesTable;
  add_another_counts: AddAnotherCountsTable;
  answer_history: AnswerHistoryTable;
  validation_errors: ValidationErrorsTable;
  rate_limits: RateLimitsTable;
  lookup_categories: LookupCategoriesTable;
  lookup_records: LookupRecordsTable;
  lookup_tokens: LookupTokensTable;
  uploads: UploadsTable;
  conversions: ConversionsTable;
  application_pdfs: ApplicationPdfsTable;
  submissions: SubmissionsTable;
  service_tokens: ServiceTokensTable;
  prefill_tokens: PrefillTokensTable;
  mail_outbox: MailOutboxTable;
}
