/** Business constants of spec platform section 9 and form-content section 9. */
export const INACTIVITY_TIMEOUT_MS = 900_000;
export const INACTIVITY_WARNING_MS = 60_000;

export const PASSWORD_MIN_LENGTH = 12;
export const CONFIRMATION_CODE_LENGTH = 6;
export const DEFAULT_INPUT_MAX_LENGTH = 45;
/** Longest e-mail address a mailbox can have (RFC 5321 path limit). */
export const USERNAME_MAX_LENGTH = 254;
/** Longest password we hash; long enough for any passphrase, short enough to bound hashing work. */
export const PASSWORD_MAX_LENGTH = 256;

export const TOAST_DURATION_MS = 5_000;
export const ERROR_BOUNDARY_TOAST_DURATION_MS = 300_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';

export const CONVERSION_POLL_MS = 2_000;
export const PDF_STATUS_POLL_MS = 1_000;
export const PDF_STATUS_SLOW_POLL_MS = 600_000;

export const WEB_STATUS_POST_RETRIES = 2;

export const LOOKUP_MAX_RESULTS = 5;
export const LOOKUP_DEBOUNCE_MS = 200;
export const LOOKUP_DEBOUNCE_MAX_WAIT_MS = 500;

export const ADD_ANOTHER_DEFAULT = 1;
export const ADD_ANOTHER_MAX = 10;

export const POPOVER_SIDE_OFFSET = 5;

export const GOLDEN_RATIO = 1.62;

export const UPLOAD_MAX_BYTES = 1_048_576;
export const UPLOAD_NAME_MAX_LENGTH = 32;
/**
 * Upload forms issued and neither expired nor used by a conversion, per applicant and question and
 * per applicant: the renderer asks for one form per file chosen, so a few cover retries, and the
 * limits bound what one applicant can put in the object store (docs/decisions.md, "Uploads").
 */
export const UPLOADS_OUTSTANDING_PER_QUESTION = 3;
export const UPLOADS_OUTSTANDING_PER_APPLICANT = 20;
