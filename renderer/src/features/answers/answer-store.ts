import { atom } from 'jotai';
import type { Answers, AnswerValue, ProfileResponse } from '../../../../common/api';
import { browserExclusive, createAnswerQueue, type FlushResult } from '../../lib/answer-queue';
import { isUploadKey } from '../../lib/answer-kinds';
import { storagePendingAnswers, type PendingSave } from '../../lib/pending-answers';
import { profileAtom, usernameAtom } from '../../state/snapshot';
import { saveAnswers } from './api/save-answers';
import { addTypedAnswersAtom, answersAtom, showServerAnswersAtom } from './typed-answers';

const empty = (value: AnswerValue | undefined) => value === undefined || value === null || value === '';

/**
 * The one home of saving answers (issue 36, item 1). One shape:
 * - what is typed: the page's answers, saved or not (typed-answers.ts, their one owner, read here
 *   through `answersAtom`);
 * - `acknowledged`: the answers as the server last confirmed them (the profile, then each save);
 * - `pending`: this page's saves the server has not acknowledged yet, each a patch and its base.
 * Everything else is derived below: what a save must send, what a session's end keeps, whether
 * anything is unsaved. The writes are below, the sending included (the end of this module), and in
 * the two modules beside it: profile-answers.ts (a profile received, an applicant forgotten) and
 * session-answers.ts (a session's start and end, a visitor's copy). Where each part is kept, and
 * nowhere else:
 * - typed, acknowledged and pending: this page's memory;
 * - pending, also in localStorage (`gradapp.pending-answers`): the browser's one queue
 *   (lib/answer-queue over lib/pending-answers), written only by the sending below, so the saves
 *   outlive the page and reach the other tabs. While a save waits for the server, and only then,
 *   it also keeps the profile with the acknowledged answers, for a page loaded without a connection;
 * - the tab's sessionStorage (tab-copies.ts), written only by session-answers.ts: a visitor's
 *   typed answers (`gradapp.visitor-answers`) and what an ended session had not delivered
 *   (`gradapp.unsaved-answers`), each until an account's save takes them.
 * The profile (state/snapshot) and the profile query's cache keep no answers: the query's function
 * (features/profile/api/get-profile.ts) hands each fetched profile to profile-answers.ts, which
 * puts its answers here, and caches the rest.
 */
interface Saves {
  acknowledged: Answers;
  pending: readonly PendingSave[];
  /** How many saves of this account wait in the browser, this page's and other tabs'. */
  waiting: number;
  /** When the last save was confirmed, for the 'Saved at h:mm' line. */
  lastSavedAt: Date | null;
}

export const NOTHING_SAVED: Saves = { acknowledged: {}, pending: [], waiting: 0, lastSavedAt: null };

/** Written only here and by profile-answers.ts (a profile received, an applicant forgotten). */
export const savesAtom = atom<Saves>(NOTHING_SAVED);

/** The answers as the server last confirmed them. */
export const acknowledgedAnswersAtom = atom((get) => get(savesAtom).acknowledged);

/** This page's saves (queued here or taken over from a closed page) the server has not acknowledged. */
const pendingSavesAtom = atom((get) => get(savesAtom).pending);

/** How many saves wait for the server in this browser; 0 when everything is saved. */
export const pendingSaveCountAtom = atom((get) => get(savesAtom).waiting);

export const lastSavedAtAtom = atom((get) => get(savesAtom).lastSavedAt);

/** Answers arrived through navigation (a visitor who signed up or logged in): save them at once. */
export const carriedAnswersPendingAtom = atom(false);

/**
 * Whether the server can be reached: `offline` when the browser says it has no network,
 * `unreachable` when it has one but a save got no answer (or a 503) and waits to be sent again.
 */
export type Connection = 'online' | 'offline' | 'unreachable';
export const connectionAtom = atom<Connection>('online');

const same = (a: AnswerValue | undefined, b: AnswerValue | undefined) => (empty(a) && empty(b)) || a === b;

/**
 * The patches of this page's pending saves merged in order (null clears). The page counts them as
 * sent, so a save never queues them twice. Other tabs' saves are theirs: counting them here would
 * make this page's older answers look like changes.
 */
const queuedAnswersAtom = atom((get) => Object.assign({}, ...get(pendingSavesAtom).map((save) => save.patch)) as Answers);

/** The answers as the server will hold them once the pending saves arrive. */
export const knownAnswersAtom = atom((get) => {
  const known = { ...get(acknowledgedAnswersAtom) };
  for (const [key, value] of Object.entries(get(queuedAnswersAtom))) {
    if (empty(value)) delete known[key];
    else known[key] = value;
  }
  return known;
});

/**
 * Every key whose typed value differs from `base`. A key cleared locally goes as null, so the
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

/** What a save must queue: every change not yet acknowledged nor pending. */
export const unsavedPatchAtom = atom((get) => patchAgainst(get(answersAtom), get(knownAnswersAtom)));

/** Every change the server has not acknowledged, pending or not (kept for a next login at a session's end). */
export const undeliveredPatchAtom = atom((get) => patchAgainst(get(answersAtom), get(acknowledgedAnswersAtom)));

export const hasUnsavedAnswersAtom = atom((get) => Object.keys(get(unsavedPatchAtom)).length > 0);

/**
 * Records a confirmed save: the patch is now what the server holds, except the keys it kept
 * because another tab saved them since (`newer`). The page shows the server's answer for every
 * key the applicant has not changed here since (a save of another tab, a kept newer answer); a
 * change made here since stays, to be saved next. `delivered` names the pending save that brought
 * the patch, which leaves the pending ones.
 */
export const markSavedAtom = atom(null, (get, set, patch: Answers, newer: Answers = {}, delivered?: string) => {
  const before = get(knownAnswersAtom);
  const local = get(answersAtom);
  const acknowledged = { ...get(acknowledgedAnswersAtom) };
  const shown = { ...local };
  for (const [key, value] of Object.entries({ ...patch, ...newer })) {
    if (empty(value)) delete acknowledged[key];
    else acknowledged[key] = value;
    if (same(local[key], before[key]) && !same(local[key], value)) shown[key] = value;
  }
  set(savesAtom, (saves) => ({ ...saves, acknowledged, lastSavedAt: new Date(), pending: saves.pending.filter((save) => save.id !== delivered) }));
  if (Object.entries(shown).some(([key, value]) => local[key] !== value)) set(showServerAnswersAtom, shown);
});

/**
 * The browser's queue changed: `added` are this page's new saves, `stillWaiting` the ids the
 * browser still holds. This page's saves gone from it were delivered by another tab meanwhile and
 * count as saved here too, unless the server refused them (`goneWereDelivered` false): their answers then stay
 * changed, to be saved next.
 */
const trackPendingSavesAtom = atom(
  null,
  (get, set, added: readonly PendingSave[], stillWaiting: readonly string[], goneWereDelivered = true) => {
    const waiting = new Set(stillWaiting);
    const pending = [...get(pendingSavesAtom), ...added];
    if (goneWereDelivered) for (const save of pending) if (!waiting.has(save.id)) set(markSavedAtom, save.patch);
    set(savesAtom, (saves) => ({ ...saves, pending: pending.filter((save) => waiting.has(save.id)), waiting: waiting.size }));
  },
);

/**
 * Takes over the saves a closed, crashed or reloaded page of this applicant left in the browser
 * (`kept`, with when the account's last save was): the page shows their answers and counts them
 * as its own, to send.
 */
const adoptSavesAtom = atom(null, (get, set, kept: readonly PendingSave[], lastSavedAt: number | undefined) => {
  const own = new Set(get(pendingSavesAtom).map((save) => save.id));
  const adopted = kept.filter((save) => !own.has(save.id));
  if (adopted.length > 0) set(addTypedAnswersAtom, Object.assign({}, ...adopted.map((save) => save.patch)));
  if (lastSavedAt !== undefined) set(savesAtom, (saves) => ({ ...saves, lastSavedAt: saves.lastSavedAt ?? new Date(lastSavedAt) }));
  set(trackPendingSavesAtom, adopted, kept.map((save) => save.id));
});

// The sending: the browser's one queue of saves, over localStorage.
export const browserQueue = createAnswerQueue({ storage: storagePendingAnswers(), send: saveAnswers, exclusive: browserExclusive });

let profileWasKept = false;

/** The profile kept with the waiting saves, for a page loaded without a connection; null when none. */
export function keptProfile(): ProfileResponse | null {
  const profile = browserQueue.kept()?.profile ?? null;
  if (profile) profileWasKept = true;
  return profile;
}

/** Whether the page's profile came from the browser's copy since this was last asked (then: fetch it again). */
export function takeProfileWasKept(): boolean {
  const was = profileWasKept;
  profileWasKept = false;
  return was;
}

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

const waitingIds = (username: string | null) => (username ? browserQueue.pending(username).map((save) => save.id) : []);

/**
 * Brings the page's view of the queue up to date with storage: this page's saves that another tab
 * has delivered meanwhile count as saved here too, and the count of waiting saves is the browser's.
 */
export const refreshQueuedSavesAtom = atom(null, (get, set) => set(trackPendingSavesAtom, [], waitingIds(get(usernameAtom))));

/** Queues every change not yet saved nor queued, made on the answers the page believes the server holds. */
export const queueChangesAtom = atom(null, (get, set) => {
  const username = get(usernameAtom);
  const patch = get(unsavedPatchAtom);
  if (!username || Object.keys(patch).length === 0) return;
  const before = new Set(waitingIds(username));
  browserQueue.enqueue(username, patch, get(knownAnswersAtom));
  const added = browserQueue.pending(username).filter((save) => !before.has(save.id));
  set(trackPendingSavesAtom, added, waitingIds(username));
});

/**
 * Takes over the saves a closed, crashed or reloaded page of this applicant left: the page shows
 * their answers and sends them. Saves of another account are discarded: they never reach the
 * applicant now using the browser.
 */
export const adoptKeptSavesAtom = atom(null, (get, set) => {
  const username = get(usernameAtom);
  if (!username) return;
  browserQueue.discardUnless(username);
  set(adoptSavesAtom, browserQueue.pending(username), browserQueue.kept(username)?.lastSavedAt);
});

/**
 * Sends the queue, oldest first. Each delivered save counts as saved; an answer another tab saved
 * since replaces this page's. Resolves `waiting` while the server cannot be reached (the browser's
 * copy then also keeps what a page loaded offline shows), also when the session ended first;
 * rejects with the error of a save the server refused for good (that save is gone from the queue).
 */
export const sendQueuedSavesAtom = atom(null, async (get, set): Promise<FlushResult> => {
  const username = get(usernameAtom);
  if (!username) return { state: 'saved' };
  let result: FlushResult;
  try {
    result = await browserQueue.flush(username, (save, newer) => set(markSavedAtom, save.patch, newer, save.id));
  } catch (error) {
    // The refused save left the queue unsaved: its answers stay as changes, shown with the error.
    set(trackPendingSavesAtom, [], waitingIds(username), false);
    throw error;
  }
  set(connectionAtom, result.state === 'saved' ? 'online' : browserOffline() ? 'offline' : 'unreachable');
  // What a page loaded without a connection shows: the profile with the acknowledged answers.
  const details = get(profileAtom);
  if (result.state === 'waiting' && details) {
    browserQueue.keepOffline(username, { profile: { ...details, answer: get(acknowledgedAnswersAtom) }, lastSavedAt: get(lastSavedAtAtom)?.getTime() });
  }
  set(refreshQueuedSavesAtom);
  return result;
});
