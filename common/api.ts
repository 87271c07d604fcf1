/**
 * The API contract shared by the renderer's client and the backend's routes (DESIGN.md section 4).
 * Every request and response body of an endpoint is typed here once, so the two sides cannot drift.
 */

/** Body of every non-2xx response. A 400 for bad answers also carries per-key messages. */
export interface ErrorResponse {
  message: string;
  errors?: Record<string, string[]>;
}

export interface MessageResponse {
  message: string;
}

export type WebStatus = 'started' | 'validating' | 'submitted';

/** An answer value as stored and sent: strings, booleans, or null to clear. */
export type AnswerValue = string | boolean | null;
export type Answers = Record<string, AnswerValue>;

export interface DocumentAnswer {
  file_name: string;
  file_size: number;
}

export interface WebStatusEntry {
  web_status: WebStatus;
  created_at: string;
}

/** GET /api/profile (spec platform section 3). */
export interface ProfileResponse {
  answer: Answers;
  document_answer: Record<string, DocumentAnswer>;
  username: string;
  last_page: string | null;
  /** ISO timestamps of every successful login, oldest first. */
  successful_login: string[];
  web_status: WebStatusEntry[];
}

export interface SignupRequest {
  username: string;
  password: string;
}
export interface ConfirmRequest {
  username: string;
  code: string;
}
export interface ResendConfirmRequest {
  username: string;
}
export interface LoginRequest {
  username: string;
  password: string;
}
export interface ForgotPasswordRequest {
  username: string;
}
export interface ResetPasswordRequest {
  username: string;
  password: string;
  id: string;
}

export interface WebStatusRequest {
  web_status: WebStatus;
}
export interface LastPageRequest {
  last_page: string;
}

/** PUT /api/answer. */
export interface AnswerSaveResponse {
  message: string;
  /** Keys not stored because another save changed them since the base: their stored answers (null: none). */
  newer: Answers;
}

/** POST /api/submit: the same answer for the submit and for any repeat of it. */
export interface SubmitResponse {
  message: string;
  /** ISO time of the one submission. */
  submitted_at: string;
}

/** The process is alive (liveness): it answers without asking the database. */
export interface HealthResponse {
  status: 'ok';
  store: 'sqlite' | 'postgres';
}

/** What this instance runs: HTTP for applicants (web), the jobs (worker), or both (all). */
export type InstanceRole = 'web' | 'worker' | 'all';

/** Whether this instance should be sent traffic (readiness); 503 with the same shape when not. */
export interface ReadyResponse {
  status: 'ready' | 'not ready';
  role: InstanceRole;
  checks: {
    /** The database answered a query. */
    database: 'ok' | 'unreachable';
    /** Every migration this code knows has been applied. */
    migrations: 'ok' | 'pending' | 'unknown';
    /** The instance is not shutting down. */
    draining: boolean;
  };
  /** Which converter Word documents go through (DOCX_CONVERTER). */
  docxConverter?: string;
}

/** Paths of the calls, named once. */
export const apiPaths = {
  signup: '/public/signup',
  confirm: '/public/confirm',
  resendConfirm: '/public/resend-confirm',
  login: '/public/login',
  forgotPassword: '/public/forgot-password',
  resetPassword: '/public/reset-password',
  logout: '/api/logout',
  profile: '/api/profile',
  webStatus: '/api/web-status',
  lastPage: '/api/last-page',
  answer: '/api/answer',
  validations: '/api/validations',
  lookupFind: '/lookup/find',
  presignedUrl: '/api/presigned-url',
  documentAnswers: '/api/document-answer',
  tabs: '/api/tabs',
  addAnother: '/api/add-another',
  keepAlive: '/api/keep-alive',
  submit: '/api/submit',
  pdf: '/api/pdf',
  health: '/health',
  ready: '/ready',
  metrics: '/metrics',
} as const;

/** Calls under it need a session: there a 401 means the session has gone, elsewhere (a login) it is the call's own answer. */
export const SESSION_PATH_PREFIX = '/api/';

/**
 * Where the server's own paths begin: every path of this file starts with one of them, and any
 * other GET is the renderer's (index.html or an asset). The backend serves the renderer around
 * them, the development server proxies them to the backend.
 */
export const SERVER_PATH_PREFIXES = [SESSION_PATH_PREFIX, '/public/', '/service/', '/admin/', '/lookup/', apiPaths.health, apiPaths.ready, apiPaths.metrics] as const;

/** Whether the path is the server's, not the renderer's; its routers match paths case-insensitively, and so does this. */
export function isServerPath(path: string): boolean {
  const lowerCase = path.toLowerCase();
  return SERVER_PATH_PREFIXES.some((prefix) => lowerCase.startsWith(prefix));
}

/** Request and response body of each call, so the client and the routes can check both ends. */
export interface ApiCalls {
  signup: { request: SignupRequest; response: MessageResponse };
  confirm: { request: ConfirmRequest; response: MessageResponse };
  resendConfirm: { request: ResendConfirmRequest; response: MessageResponse };
  login: { request: LoginRequest; response: MessageResponse };
  forgotPassword: { request: ForgotPasswordRequest; response: MessageResponse };
  resetPassword: { request: ResetPasswordRequest; response: MessageResponse };
  logout: { request: void; response: MessageResponse };
  profile: { request: void; response: ProfileResponse };
  webStatus: { request: WebStatusRequest; response: MessageResponse };
  lastPage: { request: LastPageRequest; response: MessageResponse };
  /**
   * The patch: a key present is stored, '' or null clears it, a key absent is untouched. With the
   * X-Answer-Base header (common/answer-base.ts) a key is stored only while its stored answer is
   * the one the change was made on; `newer` holds the answers kept instead.
   */
  answer: { request: Answers; response: AnswerSaveResponse };
  /** The errors the client computed, per answer key. */
  validations: { request: Readonly<Record<string, readonly string[]>>; response: MessageResponse };
  health: { request: void; response: HealthResponse };
  ready: { request: void; response: ReadyResponse };
  /** Refreshes the session's idle time and nothing else (the renderer calls it while the applicant types). */
  keepAlive: { request: void; response: MessageResponse };
  /** 400 with `errors` when the stored answers are incomplete; 409 while a document still converts. */
  submit: { request: void; response: SubmitResponse };
  pdf: { request: void; response: ApplicationPdfResponse };
}

/** Lookup categories of spec platform section 7. */
export const lookupCategories = ['college_ceeb', 'hs_ceeb', 'address'] as const;
export type LookupCategory = (typeof lookupCategories)[number];

/** One search result: GET /lookup/find?text=&category=&max_results= */
export interface LookupItem {
  text: string;
  id: string;
  sub_text: string;
}

/**
 * The full record: GET /lookup/find?id=&category=. Values are in the answer model's formats:
 * state as the full name of the state or province, country as the ISO alpha-3 code.
 */
export interface LookupRecord {
  /** Schools. */
  name?: string;
  /** School code (CEEB), when the data has one. */
  code?: string;
  /** Addresses. */
  address_line_1?: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

/** Uploads (spec platform sections 4 and 7, form-content section 7). */
export interface PresignedUrlRequest {
  answer_key: string;
}

/** Where and how to POST the file: multipart form with these fields, then the file as `file`. */
export interface PresignedUpload {
  url: string;
  /** Include `key`, the object's key, which the conversion request names as `file_key`. */
  fields: Record<string, string>;
}

export type ConversionStatus = 'UNPROCESSED' | 'IN_PROGRESS' | 'COMPLETED' | 'NOT_ANSWERED' | 'FAILED';

export interface StartConversionRequest {
  file_key: string;
  file_name: string;
}

export interface ConversionStatusResponse {
  status: ConversionStatus;
  message: string;
}

export type DocumentAnswers = Record<string, DocumentAnswer>;

/**
 * The paths with a parameter, spelled as the routes declare them (`:key`, `:id`); `fillPath` makes
 * the URL a client calls, so a route and its callers name one string.
 */
export const paramPaths = {
  documentAnswer: `${apiPaths.documentAnswers}/:key`,
  conversion: `${apiPaths.pdf}/document-answer/:key`,
  applicationPdfFile: `${apiPaths.pdf}/file/:id`,
  serviceDocument: '/service/document/:key',
} as const;

/** A parameter path with each `:name` replaced by its encoded value. */
export function fillPath(pattern: string, params: Readonly<Record<string, string>>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** DELETE /api/document-answer/{key}, GET/POST/DELETE /api/pdf/document-answer/{key}. */
export function documentAnswerPath(answerKey: string): string {
  return fillPath(paramPaths.documentAnswer, { key: answerKey });
}
export function conversionPath(answerKey: string): string {
  return fillPath(paramPaths.conversion, { key: answerKey });
}

/** GET /api/pdf: the whole-application PDF (spec platform sections 3 and 4); `url` once COMPLETED. */
export type ApplicationPdfStatus = 'UNPROCESSED' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';
export interface ApplicationPdfResponse {
  status: ApplicationPdfStatus;
  url: string | null;
}

/** Tabs: which alternative answer mode each tab group shows (form-content section 2 item 8). */
export interface TabChoiceRequest {
  tab_id: string;
  chosen_tab: string;
}
export type TabChoices = Record<string, string>;

/** Add another: how many blocks each button shows (form-content section 2 item 7). */
export interface AddAnotherRequest {
  button_id: string;
  num_components: number;
}
export type AddAnotherCounts = Record<string, number>;

/** Service and prefill tokens (spec platform sections 1, 2 and 7; DESIGN.md section 5). */
export const tokenPaths = {
  serviceApplication: '/service/tmp-pdf',
  /** The whole-application PDF for staff: the file once generated, else 202 with its status. */
  servicePdf: '/service/pdf',
  prefill: '/public/tmp',
  adminServiceTokens: '/admin/service-tokens',
  adminPrefillTokens: '/admin/prefill-tokens',
} as const;

/** The query parameters that carry the tokens, on the entry URL and on the calls. */
export const SERVICE_TOKEN_PARAM = 'service_token';
export const PREFILL_TOKEN_PARAM = 'token';

/** GET /service/tmp-pdf?service_token=: one application, read-only. */
export interface ServiceApplicationResponse {
  answer: Answers;
  add_another: AddAnotherCounts;
  document_answer: DocumentAnswers;
  tabs: TabChoices;
}

/** GET /public/tmp?token=: a temporary public answer. */
export interface PrefillResponse {
  answer: Answers;
}

/** GET /service/document/{key}?service_token=: one converted document as a PDF. */
export function serviceDocumentPath(answerKey: string, serviceToken: string): string {
  return `${fillPath(paramPaths.serviceDocument, { key: answerKey })}?${SERVICE_TOKEN_PARAM}=${encodeURIComponent(serviceToken)}`;
}

/** POST /admin/service-tokens and /admin/prefill-tokens (Authorization: Bearer ADMIN_API_KEY). */
export interface ServiceTokenRequest {
  username: string;
  days?: number;
}
export interface PrefillTokenRequest {
  answers: Answers;
  days?: number;
}
export interface MintedTokenResponse {
  /** The link to hand out; the token inside it is shown once and stored only as a hash. */
  url: string;
  token: string;
  /** ISO time after which the link stops working. */
  expires_at: string;
}

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
} as const;

/** The staff paths with a parameter (`:id` is the application's id in the inbox). */
export const staffParamPaths = {
  application: `${staffPaths.applications}/:id`,
  applicationPdf: `${staffPaths.applications}/:id/pdf`,
  applicationDocument: `${staffPaths.applications}/:id/document/:key`,
  /** DELETE revokes one service link (`:id` as in the list). */
  serviceLink: `${staffPaths.serviceLinks}/:id`,
} as const;

/** The staff pages of the renderer; the invitation link opens `enrol` with `?id=`. */
export const staffPages = {
  inbox: '/staff',
  login: '/staff/login',
  enrol: '/staff/enrol',
  /** One application's print view (`:id` as in the inbox). */
  application: '/staff/applications/:id',
  accessLog: '/staff/access-log',
} as const;

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
export const inboxSorts = ['name', 'email', 'program', 'campus', 'term', 'status', 'submitted_at', 'last_saved_at'] as const;
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
}

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
   * 'revoke-link' (a service link, named in `detail`); for a service link 'view', 'pdf' and 'document'.
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
}
