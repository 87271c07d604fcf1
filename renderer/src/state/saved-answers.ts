import { atom } from 'jotai';
import type { Answers, AnswerValue } from '../../../common/api';
import { isUploadKey } from '../../../common/form/model';
import { studentAnswersAtom } from './answers';

/** The answers as the server last confirmed them: from the profile, then after each save. */
export const savedAnswersAtom = atom<Answers>({});

/** Answers arrived through navigation (a visitor who signed up or logged in): save them at once. */
export const carriedAnswersPendingAtom = atom(false);

/** When the last save was confirmed, for the 'Saved at h:mm' line. */
export const lastSavedAtAtom = atom<Date | null>(null);

const empty = (value: AnswerValue | undefined) => value === undefined || value === null || value === '';

/**
 * What a save must send: every key whose local value differs from the server's. A key cleared
 * locally goes as null, so the server clears it too. Upload answers never go: the server refuses
 * them, as their conversion, deletion or hiding has already written them there.
 */
export const unsavedPatchAtom = atom((get) => {
  const local = get(studentAnswersAtom);
  const saved = get(savedAnswersAtom);
  const patch: Answers = {};
  for (const key of new Set([...Object.keys(local), ...Object.keys(saved)])) {
    if (isUploadKey(key)) continue;
    const next = local[key];
    if (empty(next) && empty(saved[key])) continue;
    if (next === undefined) continue;
    if (next !== saved[key]) patch[key] = empty(next) ? null : next;
  }
  return patch;
});

export const hasUnsavedAnswersAtom = atom((get) => Object.keys(get(unsavedPatchAtom)).length > 0);

/** Records a confirmed save: the patch is now what the server holds. */
export const markSavedAtom = atom(null, (get, set, patch: Answers) => {
  const saved = { ...get(savedAnswersAtom) };
  for (const [key, value] of Object.entries(patch)) {
    if (empty(value)) delete saved[key];
    else saved[key] = value;
  }
  set(savedAnswersAtom, saved);
  set(lastSavedAtAtom, new Date());
});
