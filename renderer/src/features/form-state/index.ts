// The form-state feature's public entry (issue 27 item 4): what other features and app/ use from it.
// Lazy pages and widgets are imported from their own modules (each import() is a code-split point).
export { useAddAnotherCounts } from './api/get-add-another-counts';
export { useTabChoices } from './api/get-tab-choices';
export { useSaveAddAnotherCount } from './api/save-add-another-count';
export { useSaveTabChoice } from './api/save-tab-choice';
