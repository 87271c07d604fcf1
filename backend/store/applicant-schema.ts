import type { Generated } from 'kysely';

/** Row types of an application (backend/applicant: answers, form state, uploads, submission); times are epoch milliseconds. */
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

export interface ApplicantTables {
  web_status_entries: WebStatusEntriesTable;
  applications: ApplicationsTable;
  answers: AnswersTable;
  tab_choices: TabChoicesTable;
  add_another_counts: AddAnotherCountsTable;
  answer_history: AnswerHistoryTable;
  validation_errors: ValidationErrorsTable;
  uploads: UploadsTable;
  submissions: SubmissionsTable;
}
