import { atom } from 'jotai';
import type { PageDef } from '../../../common/form/types';

/**
 * The form definition a store's rules apply, when it is not the real one: null (always, in the app)
 * means the real pages, which load with the form rather than in the entry (issue 18, item 2); a
 * test's store may hold its own small pages so the rules can be exercised alone. Written through
 * `formPagesAtom` (state/answer-changes), which reads the real pages in their place.
 */
export const chosenFormPagesAtom = atom<readonly PageDef[] | null>(null);
