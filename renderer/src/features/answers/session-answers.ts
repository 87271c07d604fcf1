import { atom } from 'jotai';
import type { Answers } from '../../../../common/api';
import { isLoggedInAtom } from '../../state/session';
import { usernameAtom } from '../../state/snapshot';
import { browserQueue, markSavedAtom, undeliveredPatchAtom } from './answer-store';
import { forgetApplicantAtom } from './profile-answers';
import {
  endedSessionCopyFor,
  forgetEndedSessionCopy,
  forgetVisitorCopy,
  keepEndedSessionCopy,
  keepVisitorCopy,
  visitorCopy,
} from './tab-copies';
import { answersAtom, mergeStoredAnswersAtom } from './typed-answers';

// Where a session's start and end, and a visitor, meet the answer store (answer-store.ts): the
// only writes of the store's part kept in the tab's sessionStorage (tab-copies.ts).

/**
 * A session ends: what it had not delivered is kept in the tab for the same applicant's next login
 * (`keepForNextLogin`), or deliberately dropped (Log Out, the kiosk). The browser's copy of waiting
 * saves never outlives the session: the next person here may be someone else; what it held is in
 * the tab's copy, or gone. A visitor's copy the session took over is in that copy too (or gone).
 * Then the applicant is forgotten, answers and saves with the rest.
 */
export const endSessionAnswersAtom = atom(null, (get, set, keepForNextLogin: boolean) => {
  if (keepForNextLogin) keepEndedSessionCopy(get(usernameAtom), get(undeliveredPatchAtom));
  else forgetEndedSessionCopy();
  browserQueue.discard();
  forgetVisitorCopy();
  set(forgetApplicantAtom);
});

/** The applicant chose to log out after the session had already ended: what it kept goes. */
export const dropEndedSessionAnswersAtom = atom(null, () => forgetEndedSessionCopy());

/**
 * A session starts for `username`: returns the answers an ended session of this applicant kept in
 * the tab (anyone else's are dropped), drops saves someone else's crashed page left in this browser,
 * and forgets whoever used the page before.
 */
export const startSessionAnswersAtom = atom(null, (_get, set, username: string): Answers | null => {
  const kept = endedSessionCopyFor(username);
  browserQueue.discardUnless(username);
  set(forgetApplicantAtom);
  return kept;
});

/** A save the server confirmed with nothing left to send: no copy in the tab is needed any more. */
export const everythingSavedAtom = atom(null, (_get, set) => {
  set(markSavedAtom, {});
  forgetEndedSessionCopy();
  forgetVisitorCopy();
});

/** A visitor's answers, copied to the tab at each change; never a logged-in applicant's. */
export const keepVisitorAnswersAtom = atom(null, (get) => {
  if (!get(isLoggedInAtom)) keepVisitorCopy(get(answersAtom));
});

/**
 * A loaded page takes back the visitor's copy kept in the tab; what the page holds already (a
 * prefill link, carried answers) was typed later and wins. Returns whether there was one.
 */
export const restoreVisitorAnswersAtom = atom(null, (_get, set): boolean => {
  const kept = visitorCopy();
  if (kept) set(mergeStoredAnswersAtom, kept);
  return kept !== null;
});
