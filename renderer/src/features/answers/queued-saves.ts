import type { createStore } from 'jotai';
import type { ProfileResponse } from '../../../../common/api';
import { browserExclusive, createAnswerQueue, type FlushResult } from '../../lib/answer-queue';
import { storagePendingAnswers } from '../../lib/pending-answers';
import { profileAtom, usernameAtom } from '../../state/snapshot';
import { saveAnswers } from './api/save-answers';
import {
  acknowledgedAnswersAtom,
  adoptSavesAtom,
  connectionAtom,
  knownAnswersAtom,
  lastSavedAtAtom,
  markSavedAtom,
  trackPendingSavesAtom,
  unsavedPatchAtom,
} from './answer-store';

type Store = ReturnType<typeof createStore>;

/** The browser's one queue of saves (lib/answer-queue) over localStorage. */
export const answerQueue = createAnswerQueue({ storage: storagePendingAnswers(), send: saveAnswers, exclusive: browserExclusive });

let profileWasKept = false;

/** The profile kept with the waiting saves, for a page loaded without a connection; null when none. */
export function keptProfile(): ProfileResponse | null {
  const profile = answerQueue.kept()?.profile ?? null;
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

const waitingIds = (username: string | null) => (username ? answerQueue.pending(username).map((save) => save.id) : []);

/**
 * Brings the page's view of the queue up to date with storage: this page's saves that another tab
 * has delivered meanwhile count as saved here too, and the count of waiting saves is the browser's.
 */
export function refreshQueuedSaves(store: Store): void {
  store.set(trackPendingSavesAtom, [], waitingIds(store.get(usernameAtom)));
}

/** Queues every change not yet saved nor queued, made on the answers the page believes the server holds. */
export function queueChanges(store: Store): void {
  const username = store.get(usernameAtom);
  const patch = store.get(unsavedPatchAtom);
  if (!username || Object.keys(patch).length === 0) return;
  const before = new Set(waitingIds(username));
  answerQueue.enqueue(username, patch, store.get(knownAnswersAtom));
  const added = answerQueue.pending(username).filter((save) => !before.has(save.id));
  store.set(trackPendingSavesAtom, added, waitingIds(username));
}

/**
 * Takes over the saves a closed, crashed or reloaded page of this applicant left: the page shows
 * their answers and sends them. Saves of another account are discarded: they never reach the
 * applicant now using the browser.
 */
export function adoptKeptSaves(store: Store): void {
  const username = store.get(usernameAtom);
  if (!username) return;
  answerQueue.discardUnless(username);
  store.set(adoptSavesAtom, answerQueue.pending(username), answerQueue.kept(username)?.lastSavedAt);
}

/**
 * Sends the queue, oldest first. Each delivered save counts as saved; an answer another tab saved
 * since replaces this page's. Resolves `waiting` while the server cannot be reached (the browser's
 * copy then also keeps what a page loaded offline shows), also when the session ended first;
 * rejects with the error of a save the server refused for good (that save is gone from the queue).
 */
export async function sendQueuedSaves(store: Store): Promise<FlushResult> {
  const username = store.get(usernameAtom);
  if (!username) return { state: 'saved' };
  let result: FlushResult;
  try {
    result = await answerQueue.flush(username, (save, newer) => store.set(markSavedAtom, save.patch, newer, save.id));
  } catch (error) {
    // The refused save left the queue unsaved: its answers stay as changes, shown with the error.
    store.set(trackPendingSavesAtom, [], waitingIds(username), false);
    throw error;
  }
  store.set(connectionAtom, result.state === 'saved' ? 'online' : browserOffline() ? 'offline' : 'unreachable');
  // What a page loaded without a connection shows: the profile with the acknowledged answers.
  const details = store.get(profileAtom);
  if (result.state === 'waiting' && details) {
    answerQueue.keepOffline(username, { profile: { ...details, answer: store.get(acknowledgedAnswersAtom) }, lastSavedAt: store.get(lastSavedAtAtom)?.getTime() });
  }
  refreshQueuedSaves(store);
  return result;
}
