import { atom } from 'jotai';
import type { PageDef } from '../../../common/form/types';
import { loadedFormPagesAtom } from './form-definition';

/**
 * The form definition a store's rules apply, when it is not the real one: null (always, in the app)
 * means the real pages, which load with the form rather than in the entry (issue 18, item 2); a
 * test's store may hold its own small pages so the rules can be exercised alone. Written through
 * `formPagesAtom`, which reads the real pages in their place.
 */
export const chosenFormPagesAtom = atom<readonly PageDef[] | null>(null);

/**
 * A visitor's About You before the whole definition has loaded (state/form-definition.ts): the
 * only page whose answers a visitor holds, so its rules are all the rules a change can meet. Its
 * route sets it (app/routes/form/about.tsx), so the entry, which every page loads, holds none of
 * its questions (issue 18, item 2).
 */
export const firstPaintPagesAtom = atom<readonly PageDef[]>([]);

/**
 * The form definition whose clearing and validation rules apply. Always the real pages in the
 * app (About You alone for a visitor on it until the rest has loaded); a store may hold others
 * (a test's small pages) so the rules can be exercised alone.
 */
export const formPagesAtom = atom(
  (get): readonly PageDef[] => get(chosenFormPagesAtom) ?? get(loadedFormPagesAtom) ?? get(firstPaintPagesAtom),
  (_get, set, pages: readonly PageDef[]) => set(chosenFormPagesAtom, pages),
);

/** The whole form's pages, a test's or the real ones once loaded; null until then (not About You alone). */
export const wholeFormPagesAtom = atom((get) => get(chosenFormPagesAtom) ?? get(loadedFormPagesAtom));
