// The profile feature's public entry (issue 27 item 4): what other features and app/ use from it.
// Lazy pages and widgets are imported from their own modules (each import() is a code-split point).
export { useApplyProfile } from './hooks/use-apply-profile';
export { useEnsureWebStatus } from './hooks/use-ensure-web-status';
export { useFormRedirect, useRedirectState } from './hooks/use-form-redirect';
export { useSaveLastPage } from './hooks/use-save-last-page';
export { useProfile } from './api/get-profile';
