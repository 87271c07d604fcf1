// The admissions office's calls (issue 19): staff accounts and sessions, the inbox, one
// application's view, the access log, the exports and the service links staff mint. The
// applicant's calls are in api.ts.
import type { Answers } from './api';
import type { ChecklistResponse, ChecklistSummary, CompletenessFilter, StaffRecommendation } from './checklist-api';
import type { ServiceApplicationResponse } from './token-api';

/** POST /api/staff/service-links (admin role): a read-only link to one application, minted by this staff member. */
export interface StaffServiceLinkRequest {
  /** The application's id, as in the inbox. */
  application_id: string;
  days?: number;
}

/** One service link not yet expired (the token itself is never shown again). */
export interface ServiceLinkEntry {
  /** Names the link to revoke it: its stored hash, whose first characters the access log shows. */
  id: string;
  application_id: string;
  applicant_email: string | null;
  /** Who minted it: a staff member's e-mail, `command:<operator>` or `admin API key "<label>"`. */
  created_by: string;
  /** ISO times. */
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoked_by: string | null;
}

export interface ServiceLinksResponse {
  /** Newest first; at most SERVICE_LINKS_LISTED. */
  links: ServiceLinkEntry[];
}
export const SERVICE_LINKS_LISTED = 500;

/** The admissions office (issue 19): staff accounts, their sessions and the inbox. */
export const staffRoles = ['reader', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

/**
 * Staff calls. Those without a staff session live under /public/staff; every /api/staff call needs
 * a staff session (never an applicant's), with its own cookie.
 */
export const staffPaths = {
  login: '/public/staff/login',
  /** Reads an invitation link: who it is for and the second factor to enrol. */
  invitation: '/public/staff/invitation',
  enrol: '/public/staff/enrol',
  me: '/api/staff/me',
  logout: '/api/staff/logout',
  keepAlive: '/api/staff/keep-alive',
  password: '/api/staff/password',
  /** The inbox: GET with the InboxQuery parameters. */
  applications: '/api/staff/applications',
  /** Every entry of the access log (admin role): GET with AccessLogQuery parameters. */
  accessLog: '/api/staff/access-log',
  /** Exports of the submitted applications (admin role): GET with ExportQuery parameters. */
  exportCsv: '/api/staff/exports/applications.csv',
  exportJson: '/api/staff/exports/applications.json',
  /** The application PDFs of the same applications, as a zip (not-ready.txt lists any still being made). */
  exportPdfs: '/api/staff/exports/application-pdfs.zip',
  /** Service links (admin role): GET lists the live ones, POST mints one for an application. */
  serviceLinks: '/api/staff/service-links',
  /** Applicants who asked, after submitting, for their account to be deleted (admin role): GET lists them. */
  deletionRequests: '/api/staff/deletion-requests',
  /** What expires soon (admin role): GET lists the drafts to be reminded or deleted and the submitted applications at the end of their retention. */
  dataExpiry: '/api/staff/data-expiry',
} as const;

/** The staff paths with a parameter (`:id` is the application's id in the inbox). */
export const staffParamPaths = {
  application: `${staffPaths.applications}/:id`,
  applicationPdf: `${staffPaths.applications}/:id/pdf`,
  applicationDocument: `${staffPaths.applications}/:id/document/:key`,
  /** POST (admin role) with SensitiveAnswerRequest: the full value of a sensitive answer, logged with who and why. */
  sensitiveAnswer: `${staffPaths.applications}/:id/sensitive/:key`,
  /** DELETE revokes one service link (`:id` as in the list). */
  serviceLink: `${staffPaths.serviceLinks}/:id`,
  /** POST deletes the account that asked (`:id` is the application's id), and everything it owned. */
  completeDeletion: `${staffPaths.deletionRequests}/:id/complete`,
} as const;

/** An application's id (`:id` above, and a service link's `application_id`): an account id, a UUID; anything else names no application and never reaches a query. */
export const APPLICATION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What a staff call about one application answers when the id names none (404). */
export const staffApplicationMessages = {
  notFound: 'No application was found with that id.',
} as const;

/** Why an admin needs a sensitive answer's full value: written to the access log with their name. */
export interface SensitiveAnswerRequest {
  reason: string;
}

/** The full value of a sensitive answer (the SSN); null when the applicant has not given one. */
export interface SensitiveAnswerResponse {
  value: string | null;
}

/** A reason's length: enough to say why, short enough for the log's detail. */
export const SENSITIVE_REASON_LENGTH = { min: 5, max: 400 } as const;

export interface StaffLoginRequest {
  email: string;
  password: string;
  /** The 6-digit code of the authenticator app, or an unused recovery code. */
  code: string;
}

export interface StaffInvitationRequest {
  id: string;
}

/** What an invitation link enrols: shown before the password is chosen. */
export interface StaffInvitationResponse {
  email: string;
  /** The TOTP secret in base32, for typing into an app that cannot scan. */
  secret: string;
  /** The otpauth:// URI the QR code holds. */
  otpauth_uri: string;
  /** The QR code as an SVG image (data: URL). */
  qr_code: string;
}

export interface StaffEnrolRequest {
  id: string;
  password: string;
  /** A current code of the app the secret was just added to, proving it was. */
  code: string;
}

/** Shown once: each code logs in once in place of the app's code. */
export interface StaffEnrolResponse {
  message: string;
  recovery_codes: string[];
}

export interface StaffMeResponse {
  email: string;
  role: StaffRole;
  /** Recovery codes not yet used. */
  recovery_codes_left: number;
}

export interface StaffPasswordRequest {
  current_password: string;
  password: string;
}

/** The inbox (issue 19, item 2): every application, submitted and in progress. */
export const inboxStatuses = ['in_progress', 'submitted'] as const;
export type InboxStatus = (typeof inboxStatuses)[number];
export const inboxSorts = ['name', 'email', 'program', 'campus', 'term', 'status', 'submitted_at', 'last_saved_at', 'outstanding'] as const;
export type InboxSort = (typeof inboxSorts)[number];
export const INBOX_PAGE_SIZES = { default: 25, max: 100 } as const;

/**
 * GET /api/staff/applications query parameters, all optional. `q` finds a part of the name or
 * e-mail, case and accents ignored; `from` and `to` are days (YYYY-MM-DD, in the tenant's time
 * zone, both included) of submission; `program`, `campus` and `term` are option values.
 */
export interface InboxQuery {
  q?: string;
  status?: InboxStatus;
  program?: string;
  campus?: string;
  term?: string;
  from?: string;
  to?: string;
  /** Submitted files by how complete they are (issue 28 item 4). */
  completeness?: CompletenessFilter;
  sort?: InboxSort;
  order?: 'asc' | 'desc';
  page?: number;
  page_size?: number;
}

export interface InboxRow {
  id: string;
  /** As typed, in any script. */
  name: string;
  email: string;
  /** The option labels (the answers' `_desc`). */
  program: string;
  campus: string;
  term: string;
  status: InboxStatus;
  /** ISO times. */
  submitted_at: string | null;
  last_saved_at: string | null;
  /** Converted documents. */
  documents: number;
  /** How far the file is from complete (issue 28 item 4); null while in progress. */
  checklist: ChecklistSummary | null;
}

export interface InboxResponse {
  rows: InboxRow[];
  /** Applications matching the filters, on every page. */
  total: number;
  page: number;
  page_size: number;
}

/** GET /api/staff/applications/:id: the print view's data (as the service view's) and the row. */
export interface StaffApplicationResponse extends ServiceApplicationResponse {
  summary: InboxRow;
  /** The checklist built from the facts (issue 28 item 4); null while the application is in progress. */
  checklist: ChecklistResponse | null;
  /** Every letter request not revoked, oldest first, with the typed letter (confidential when waived). */
  recommendations: StaffRecommendation[];
  /**
   * The program documents sent after submission, by their key: each opens on its own at
   * applicationDocument under `checklistDocumentAnswerKey(key)`, as an uploaded letter does under
   * `letterAnswerKey(request id)`.
   */
  documents_sent_later: string[];
}

/** What the checklist adds to an application's staff view (issue 28 item 4), built by backend/checklist. */
export type StaffFile = Pick<StaffApplicationResponse, 'checklist' | 'recommendations' | 'documents_sent_later'>;

/** The access log (issue 19, item 4): who looked at which application, when and from where. */
export interface AccessLogQuery {
  /** A staff member's e-mail address. */
  staff?: string;
  /** An applicant's e-mail address. */
  applicant?: string;
  page?: number;
  page_size?: number;
}

export interface AccessLogEntry {
  id: number;
  /** ISO time. */
  at: string;
  actor: 'staff' | 'service-token';
  staff_email: string | null;
  /** A service link: the first characters of its stored hash, and who minted it. */
  token: string | null;
  token_created_by: string | null;
  application_id: string | null;
  applicant_email: string | null;
  /**
   * 'list', 'view', 'pdf', 'document', 'export', 'access-log' (a reading of this log), 'mint-link' and
   * 'revoke-link' (a service link, named in `detail`), 'checklist.fee', 'checklist.transcript' and
   * 'checklist.document' (a record, its state in `detail`), 'recommendation.revoke' (the request id), 'sensitive-answer'
   * (an admin read a sensitive answer's full value: `detail` is the key and the reason given), 'deletion.complete' (an
   * account deleted at its applicant's request, the request's time in `detail`); for a service link 'view', 'pdf' and 'document'.
   */
  action: string;
  detail: string | null;
  /** The client address. */
  address: string;
}

export interface AccessLogResponse {
  entries: AccessLogEntry[];
  total: number;
  page: number;
  page_size: number;
}

/**
 * GET /api/staff/exports/applications.csv and .json: the applications submitted from `from` to
 * `to` (days, YYYY-MM-DD in the tenant's time zone, both included; both required). The CSV takes
 * `columns`, a comma-separated list of answer keys (each `_desc` companion named on its own), all
 * by default; the first three columns are always application_id, email and submitted_at.
 */
export interface ExportQuery {
  from: string;
  to: string;
  columns?: string;
}

/** One application in the JSON export (a JSON array of these). */
export interface ExportedApplication {
  application_id: string;
  email: string;
  submitted_at: string;
  answers: Answers;
  /** How far the file is from complete (issue 28 item 4). */
  checklist: ChecklistSummary | null;
}
