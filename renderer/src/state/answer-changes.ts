import { atom } from 'jotai';
import type { Answers } from '../../../common/api';
import { descKeyOf } from '../../../common/form/model/define';
import { aboutPage } from '../../../common/form/pages/about';
import type { PageDef } from '../../../common/form/types';
import { dependentKeys, keysToClear } from '../../../common/form/visibility';
import { studentAnswersAtom } from './answers';
import { loadedFormPagesAtom } from './form-definition';
import { chosenFormPagesAtom } from './form-pages';

/**
 * A visitor's About You before the whole definition has loaded (state/form-definition.ts): the
 * only page whose answers a visitor holds, so its rules are all the rules a change can meet.
 */
const FIRST_PAINT_PAGES: readonly PageDef[] = [aboutPage];

/**
 * The form definition whose clearing and validation rules apply. Always the real pages in the
 * app (About You alone for a visitor on it until the rest has loaded); a store may hold others
 * (a test's small pages) so the rules can be exercised alone.
 */
export const formPagesAtom = atom(
  (get): readonly PageDef[] => get(chosenFormPagesAtom) ?? get(loadedFormPagesAtom) ?? FIRST_PAINT_PAGES,
  (_get, set, pages: readonly PageDef[]) => set(chosenFormPagesAtom, pages),
);

/** Option labels for the `<key>_desc` companions, by answer key; null clears the label. */
export type AnswerLabels = Readonly<Record<string, string | null>>;

function isHeld(value: Answers[string] | undefined): boolean {
  return value !== undefined && value !== null;
}

/**
 * Every widget writes through here. Cleared answers become null rather than disappear: the save
 * sends the nulls, so the server forgets them too (spec platform section 4, conditional sections).
 */
export const setAnswersAtom = atom(null, (get, set, values: Answers, labels: AnswerLabels = {}) => {
  const pages = get(formPagesAtom);
  const previous = get(studentAnswersAtom);
  const next: Answers = { ...previous, ...values };
  for (const [key, label] of Object.entries(labels)) next[descKeyOf(key)] = label;

  const changed = Object.keys(values).filter((key) => previous[key] !== values[key]);
  for (const key of changed.flatMap((controlKey) => dependentKeys(pages, controlKey))) {
    if (!(key in values) && isHeld(next[key])) next[key] = null;
  }
  for (const key of keysToClear(pages, next)) next[key] = null;

  set(studentAnswersAtom, next);
});
