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
  /** GET: a ZIP of everything the applicant gave us (issue 35 item 4). */
  myData: '/api/my-data',
  /** POST with the password again: deletes the account before submission, asks the office to after it. */
  deleteAccount: '/api/delete-account',
  health: '/health',
  ready: '/ready',
  metrics: '/metrics',
} as const;

/** Calls under it need a session: there a 401 means the session has gone, elsewhere (a login) it is the call's own answer. */
export const SESSION_PATH_PREFIX = '/api/';
/** Where the server's calls that need no session begin (sign-up and login, lookups, recommenders, tokens, the admin key's): each checks its own token or key. */
export const SESSIONLESS_PATH_PREFIXES = ['/public/', '/service/', '/admin/', '/lookup/'] as const;
/**
 * Where the server's own paths begin: every path of this file starts with one of them, and any
 * other GET is the renderer's (index.html or an asset). The backend serves the renderer around
 * them, the development server proxies them to the backend.
 */
export const SERVER_PATH_PREFIXES = [SESSION_PATH_PREFIX, ...SESSIONLESS_PATH_PREFIXES, apiPaths.health, apiPaths.ready, apiPaths.metrics] as const;

/** A test of paths under any of these lower-case prefixes, whatever the path's case (the server's routers match paths case-insensitively). */
export const pathsUnder = (...prefixes: readonly string[]) => (path: string) => prefixes.some((prefix) => path.toLowerCase().startsWith(prefix));
/** Whether the path is the server's, not the renderer's (a function, so the renderer's bundle leaves it out). */
export function isServerPath(path: string): boolean { return pathsUnder(...SERVER_PATH_PREFIXES)(path); }

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
  deleteAccount: { request: DeleteAccountRequest; response: DeleteAccountResponse };
}

/** POST /api/delete-account: the account's password, typed again. */
export interface DeleteAccountRequest {
  password: string;
}

/**
 * `deleted`: the account and everything it owned are gone and the session has ended (before
 * submission). `requested`: the application was submitted, so the admissions office deletes it;
 * `requested_at` is when the applicant first asked (ISO).
 */
export type DeleteAccountResponse = { message: string; outcome: 'deleted' } | { message: string; outcome: 'requested'; requested_at: string };

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
