import { atom } from 'jotai';
import type { Answers, AnswerValue } from '../../../common/api';
import { isUploadKey } from '../lib/answer-kinds';
import type { PendingSave } from '../lib/pending-answers';
import { answersAtom, showServerAnswersAtom } from './answers';

/** The answers as the server last confirmed them: from the profile, then after each save. */
export const savedAnswersAtom = atom<Answers>({});

/** Answers arrived through navigation (a visitor who signed up or logged in): save them at once. */
export const carriedAnswersPendingAtom = atom(false);

/** When the last save was confirmed, for the 'Saved at h:mm' line. */
export const lastSavedAtAtom = atom<Date | null>(null);

const empty = (value: AnswerValue | undefined) => value === undefined || value === null || value === '';

/** The saves this page queued (or took over from a closed page) that the server has not acknowledged. */
export const ownSavesAtom = atom<readonly PendingSave[]>([]);

/**
 * The patches of this page's queued saves merged in order (null clears). The page counts them as
 * sent, so a save never queues them twice. Other tabs' saves are theirs: counting them here would
 * make this page's older answers look like changes.
 */
export const queuedAnswersAtom = atom((get) => Object.assign({}, ...get(ownSavesAtom).map((save) => save.patch)) as Answers);

/** How many saves wait for the server; 0 when everything is saved. */
export const pendingSaveCountAtom = atom(0);

/**
 * Whether the server can be reached: `offline` when the browser says it has no network,
 * `unreachable` when it has one but a save got no answer (or a 503) and waits to be sent again.
 */
export type Connection = 'online' | 'offline' | 'unreachable';
export const connectionAtom = atom<Connection>('online');

/** The answers as the server will hold them once the queued saves arrive. */
export const knownAnswersAtom = atom((get) => {
  const known = { ...get(savedAnswersAtom) };
  for (const [key, value] of Object.entries(get(queuedAnswersAtom))) {
    if (empty(value)) delete known[key];
    else known[key] = value;
  }
  return known;
});

/**
 * Every key whose local value differs from `base`. A key cleared locally goes as null, so the
 * server clears it too. Upload answers never go: the server refuses them, as their conversion,
 * deletion or hiding has already written them there.
 */
function patchAgainst(local: Answers, base: Answers): Answers {
  const patch: Answers = {};
  for (const key of new Set([...Object.keys(local), ...Object.keys(base)])) {
    if (isUploadKey(key)) continue;
    const next = local[key];
    if (empty(next) && empty(base[key])) continue;
    if (next === undefined) continue;
    if (next !== base[key]) patch[key] = empty(next) ? null : next;
  }
  return patch;
}

/** What a save must queue: every change not yet saved nor queued. */
export const unsavedPatchAtom = atom((get) => patchAgainst(get(answersAtom), get(knownAnswersAtom)));

/** Every change the server has not acknowledged, queued or not (kept for a next login at a session's end). */
export const undeliveredPatchAtom = atom((get) => patchAgainst(get(answersAtom), get(savedAnswersAtom)));

export const hasUnsavedAnswersAtom = atom((get) => Object.keys(get(unsavedPatchAtom)).length > 0);

const same = (a: AnswerValue | undefined, b: AnswerValue | undefined) => (empty(a) && empty(b)) || a === b;

/**
 * Records a confirmed save: the patch is now what the server holds, except the keys it kept
 * because another tab saved them since (`newer`). The page shows the server's answer for every
 * key the applicant has not changed here since (a save of another tab, a kept newer answer); a
 * change made here since stays, to be saved next.
 */
export const markSavedAtom = atom(null, (get, set, patch: Answers, newer: Answers = {}) => {
  const before = get(knownAnswersAtom);
  const local = get(answersAtom);
  const saved = { ...get(savedAnswersAtom) };
  const shown = { ...local };
  for (const [key, value] of Object.entries({ ...patch, ...newer })) {
    if (empty(value)) delete saved[key];
    else saved[key] = value;
    if (same(local[key], before[key]) && !same(local[key], value)) shown[key] = value;
  }
  set(savedAnswersAtom, saved);
  if (Object.entries(shown).some(([key, value]) => local[key] !== value)) set(showServerAnswersAtom, shown);
  set(lastSavedAtAtom, new Date());
});
