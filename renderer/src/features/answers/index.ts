// The answers feature's public entry (issue 27 item 4): what other features and app/ use from it.
// Lazy pages and widgets are imported from their own modules (each import() is a code-split point).
export { usePostWebStatus } from './api/post-web-status';
export { offlineMessages } from './components/offline-status';
export { PageActions } from './components/page-actions';
export { SubmitButton } from './components/submit-button';
export { useAutosave } from './hooks/use-autosave';
export { useSaveAnswers } from './hooks/use-save-answers';
export { carriedAnswersPendingAtom, keptProfile, markSavedAtom, sendQueuedSavesAtom } from './answer-store';
export { forgetApplicantAtom, receiveProfileAtom } from './profile-answers';
export {
  dropEndedSessionAnswersAtom,
  endSessionAnswersAtom,
  keepVisitorAnswersAtom,
  restoreVisitorAnswersAtom,
  startSessionAnswersAtom,
} from './session-answers';
