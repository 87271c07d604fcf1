/**
 * Spec platform section 8: a conversion that fails without a message of its own. A module of its own,
 * so that the recommender's page and the checklist's upload say it without loading the form's upload hook.
 */
export const DEFAULT_UPLOAD_FAILURE = 'We could not convert your file. Please try again or upload a PDF.';

/** An answer's failure to send or delete says the error's own message (a store's refusal too), else the default one. */
export const uploadFailureOf = (error: unknown): string => (error instanceof Error && error.message ? error.message : DEFAULT_UPLOAD_FAILURE);
