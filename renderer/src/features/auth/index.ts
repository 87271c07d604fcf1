// The auth feature's public entry (issue 27 item 4): what other features and app/ use from it.
// Lazy pages and widgets are imported from their own modules (each import() is a code-split point).
export { logout, useLogout } from './api/logout';
export { PasswordChecklist } from './components/password-checklist';
export { useCardError } from './hooks/use-card-error';
export { useCardForm } from './hooks/use-card-form';
export { useEndSession } from './hooks/use-end-session';
export { authToastLabels } from './toast-labels';
