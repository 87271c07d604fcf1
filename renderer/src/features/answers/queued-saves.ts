import type { createStore } from 'jotai';
import type { ProfileResponse } from '../../../../common/api';
import { browserExclusive, createAnswerQueue, type FlushResult } from '../../lib/answer-queue';
import { storagePendingAnswers } from '../../lib/pending-answers';
import { addTypedAnswersAtom } from '../../state/answers';
import {
  connectionAtom,
  knownAnswersAtom,
  lastSavedAtAtom,
  markSavedAtom,
  ownSavesAtom,
  pendingSaveCountAtom,
  savedAnswersAtom,
  unsavedPatchAtom,
} from '../../state/saved-answers';
import { profileAtom, usernameAtom } from '../../state/snapshot';
import { saveAnswers } from './api/save-answers';

type Store = ReturnType<typeof createStore>;

/** The browser's one queue of saves (lib/answer-queue) over localStorage. */
export const answerQueue = createAnswerQueue({ storage: storagePendingAnswers(), send: saveAnswers, exclusive: browserExclusive });

let profileWasKept = false;

/** The profile kept with the waiting saves, for a page loaded without a connection; null when none. */
export function keptProfile(): ProfileResponse | null {
  const account = answerQueue.keptAccount();
  const profile = account ? answerQueue.keptProfile(account) : null;
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

/**
 * Brings the page's view of the queue up to date with storage: this page's saves that another tab
 * has delivered meanwhile count as saved here too, and the count of waiting saves is the browser's.
 */
export function refreshQueuedSaves(store: Store): void {
  const username = store.get(usernameAtom);
  const pending = username ? answerQueue.pending(username) : [];
  const waiting = new Set(pending.map((save) => save.id));
  const own = store.get(ownSavesAtom);
  const gone = own.filter((save) => !waiting.has(save.id));
  if (gone.length > 0) {
    for (const save of gone) store.set(markSavedAtom, save.patch);
    store.set(ownSavesAtom, own.filter((save) => waiting.has(save.id)));
  }
  store.set(pendingSaveCountAtom, pending.length);
}

/**
 * Queues every change not yet saved nor queued, made on the answers the page believes the server
 * holds. The profile goes with it (with those answers), so a reload while offline shows the form.
 */
export function queueChanges(store: Store): void {
  const username = store.get(usernameAtom);
  const patch = store.get(unsavedPatchAtom);
  if (!username || Object.keys(patch).length === 0) return;
  const profile = store.get(profileAtom);
  const known = store.get(knownAnswersAtom);
  const before = new Set(answerQueue.pending(username).map((save) => save.id));
  answerQueue.enqueue(username, patch, known, profile && { ...profile, answer: store.get(savedAnswersAtom) }, store.get(lastSavedAtAtom)?.getTime());
  const added = answerQueue.pending(username).filter((save) => !before.has(save.id));
  store.set(ownSavesAtom, [...store.get(ownSavesAtom), ...added]);
  store.set(pendingSaveCountAtom, answerQueue.pending(username).length);
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
  const lastSavedAt = answerQueue.keptLastSavedAt(username);
  if (lastSavedAt !== null && store.get(lastSavedAtAtom) === null) store.set(lastSavedAtAtom, new Date(lastSavedAt));
  const ownIds = new Set(store.get(ownSavesAtom).map((save) => save.id));
  const adopted = answerQueue.pending(username).filter((save) => !ownIds.has(save.id));
  if (adopted.length > 0) {
    store.set(addTypedAnswersAtom, Object.assign({}, ...adopted.map((save) => save.patch)));
    store.set(ownSavesAtom, [...store.get(ownSavesAtom), ...adopted]);
  }
  refreshQueuedSaves(store);
}

/**
 * Sends the queue, oldest first. Each delivered save counts as saved; an answer another tab saved
 * since replaces this page's. Resolves `waiting` while the server cannot be reached; rejects with
 * the error of a save the server refused for good (that save is gone from the queue).
 */
export async function sendQueuedSaves(store: Store): Promise<FlushResult> {
  const username = store.get(usernameAtom);
  if (!username) return { state: 'saved' };
  let result: FlushResult;
  try {
    result = await answerQueue.flush(username, (save, newer) => {
      store.set(markSavedAtom, save.patch, newer);
      store.set(
        ownSavesAtom,
        store.get(ownSavesAtom).filter((own) => own.id !== save.id),
      );
    });
  } catch (error) {
    // The refused save left the queue unsaved: its answers stay as changes, shown with the error.
    const waiting = new Set(answerQueue.pending(username).map((save) => save.id));
    store.set(ownSavesAtom, store.get(ownSavesAtom).filter((save) => waiting.has(save.id)));
    refreshQueuedSaves(store);
    throw error;
  }
  store.set(connectionAtom, result.state === 'saved' ? 'online' : browserOffline() ? 'offline' : 'unreachable');
  refreshQueuedSaves(store);
  return result;
}
