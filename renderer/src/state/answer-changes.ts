import { atom } from 'jotai';
import type { Answers } from '../../../common/api';
import { descKeyOf } from '../../../common/form/model/define';
import { formPages } from '../../../common/form/pages';
import type { PageDef } from '../../../common/form/types';
import { dependentKeys, keysToClear } from '../../../common/form/visibility';
import { studentAnswersAtom } from './answers';
import { chosenFormPagesAtom } from './form-pages';

/**
 * The form definition whose clearing and validation rules apply. Always the real pages in the
 * app; a store may hold others (a test's small pages) so the rules can be exercised alone.
 */
export const formPagesAtom = atom(
  (get): readonly PageDef[] => get(chosenFormPagesAtom) ?? formPages,
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
