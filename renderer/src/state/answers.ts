import { atom, type SetStateAction } from 'jotai';
import type { Answers } from '../../../common/api';
import { isAnswered } from '../../../common/form/conditions';
import { answersAsText } from '../lib/answers-as-text';

const heldAnswersAtom = atom<Answers>({});

/**
 * The applicant's answers as typed, saved or not (spec platform section 3 "Student answers").
 * Every write goes through `answersAsText`: whatever a widget, a paste, an autofill, a carried or
 * a stored answer brings, the page holds only text the server takes (issue 24).
 */
export const studentAnswersAtom = atom(
  (get) => get(heldAnswersAtom),
  (get, set, update: SetStateAction<Answers>) => {
    const previous = get(heldAnswersAtom);
    set(heldAnswersAtom, answersAsText(typeof update === 'function' ? update(previous) : update, previous));
  },
);

/** Answers typed in this session (here or carried in navigation state) win over older ones. */
export const addTypedAnswersAtom = atom(null, (_get, set, typed: Answers) =>
  set(studentAnswersAtom, (local) => ({ ...local, ...typed })),
);

/** Stored answers fill in what the applicant has not typed since: unsaved edits are never lost. */
export const mergeStoredAnswersAtom = atom(null, (_get, set, stored: Answers) =>
  set(studentAnswersAtom, (local) => ({ ...stored, ...local })),
);

export const hasAnyAnswerAtom = atom((get) => Object.values(get(studentAnswersAtom)).some(isAnswered));

export const firstNameAtom = atom((get) => {
  const value = get(studentAnswersAtom).first_name;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
});
