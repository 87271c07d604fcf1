// The checklist feature's public entry (issue 28 items 1 and 3). Its section is lazy: app/ imports
// its module with import(), a code-split point, so none of it is in the entry chunk.
export { ChecklistSection } from './components/checklist-section';
// The staff view shows the same items (issue 28 item 4).
export { ChecklistRow } from './components/checklist-row';
