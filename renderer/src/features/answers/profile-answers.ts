import { atom } from 'jotai';
import type { ProfileResponse } from '../../../../common/api';
import { mergeStoredAnswersAtom, reloadStoredAnswersAtom } from './typed-answers';
import { profileAtom, resetSnapshotAtom, type ProfileDetails } from '../../state/snapshot';
import { acknowledgedAnswersAtom, NOTHING_SAVED, savesAtom } from './answer-store';

// Where a profile meets the answer store (answer-store.ts), and where an applicant is forgotten with it.

/**
 * Receives a profile: its answers are the acknowledged ones, and the rest goes to the snapshot,
 * without them; returns that rest, which is all the profile query caches. Loaded again (after a reconnection, a submit), it replaces every answer the
 * applicant has not changed here since the last one: answers saved meanwhile from another tab
 * show, and are never sent back over with this page's older ones.
 */
export const receiveProfileAtom = atom(null, (get, set, profile: ProfileResponse): ProfileDetails => {
  const { answer, ...details } = profile;
  const reloaded = get(profileAtom) !== null;
  const previous = get(acknowledgedAnswersAtom);
  set(profileAtom, details);
  set(savesAtom, (saves) => ({ ...saves, acknowledged: answer }));
  if (!reloaded) set(mergeStoredAnswersAtom, answer);
  else set(reloadStoredAnswersAtom, answer, previous);
  return details;
});

/** Forget the applicant, answers and saves with the rest (logout, expired session, a new login): kiosks are shared. */
export const forgetApplicantAtom = atom(null, (_get, set) => {
  set(resetSnapshotAtom);
  set(savesAtom, NOTHING_SAVED);
});
