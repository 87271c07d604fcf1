import { atom, useAtomValue, useSetAtom, useStore, type Atom, type Getter, type PrimitiveAtom, type SetStateAction, type Setter } from 'jotai';
import { useCallback, useMemo } from 'react';
import type { Answers, AnswerValue } from '../../../../common/api';
import { isAnswered } from '../../../../common/form/conditions';
import { descKeyOf } from '../../../../common/form/model/define';
import type { PageDef } from '../../../../common/form/types';
import { dependentKeys, settle, type Settled } from '../../../../common/form/visibility';
import { answersAsText } from '../../lib/answers-as-text';
import { formPagesAtom } from '../../state/form-pages';

/**
 * What is typed: the one owner of the applicant's answers in the renderer (issue 27, item 3), the
 * typed part of the answer store's shape (answer-store.ts). Every other module reads them through
 * the derived atoms and hooks below and changes them through the named writes; lint refuses
 * `studentAnswersAtom` anywhere else in the renderer (eslint.config.js). This module is the
 * feature's second public entry (build/lint-feature-entries.mjs): state/'s validation, submission
 * and left fields compose these answers, and every question reads its own.
 */

interface Held {
  answers: Answers;
  /** `settle` of exactly these answers for these pages, when the change that made them worked it out. */
  settled: (Settled & { pages: readonly PageDef[] }) | null;
}

const heldAnswersAtom = atom<Held>({ answers: {}, settled: null });

// One atom per answer key, set with the map for the keys that changed: what follows a few keys
// (a question, a condition) is then worked out again only when one of them changes, not for
// every keystroke anywhere on the page (issue 26, item 5). Atoms hold no state of their own (the
// store does), so one per key serves every store.
const keyAtoms = new Map<string, PrimitiveAtom<AnswerValue | undefined>>();

function keyAtom(key: string): PrimitiveAtom<AnswerValue | undefined> {
  let made = keyAtoms.get(key);
  if (!made) keyAtoms.set(key, (made = atom<AnswerValue | undefined>(undefined)));
  return made;
}

/** The one write of the answers: the map, and the atom of each key whose answer changed. */
function hold(get: Getter, set: Setter, next: Held): void {
  const previous = get(heldAnswersAtom).answers;
  set(heldAnswersAtom, next);
  if (next.answers === previous) return;
  for (const key of Object.keys(previous)) if (!(key in next.answers)) set(keyAtom(key), undefined);
  for (const [key, value] of Object.entries(next.answers)) if (previous[key] !== value) set(keyAtom(key), value);
}

/**
 * The applicant's answers as typed, saved or not (spec platform section 3 "Student answers").
 * Every write goes through `answersAsText`: whatever a widget, a paste, an autofill, a carried or
 * a stored answer brings, the page holds only text the server takes (issue 24). Only this module
 * and tests' stores use it; the rest of the renderer reads `answersAtom` and the hooks.
 */
export const studentAnswersAtom = atom(
  (get) => get(heldAnswersAtom).answers,
  (get, set, update: SetStateAction<Answers>) => {
    const previous = get(heldAnswersAtom).answers;
    hold(get, set, { answers: answersAsText(typeof update === 'function' ? update(previous) : update, previous), settled: null });
  },
);

/** The whole answer map, read-only, for state that composes it (saves, validation, submission). */
export const answersAtom: Atom<Answers> = atom((get) => get(studentAnswersAtom));

/**
 * The answers settled (nothing hidden holds an answer) with what is on show for them: the change
 * that made them worked it out already (setAnswersAtom), so visibility is worked out once per
 * change; answers put in place otherwise (a profile, a carried map) are settled here, once.
 */
export const settledAnswersAtom = atom((get) => {
  const held = get(heldAnswersAtom);
  const pages = get(formPagesAtom);
  return held.settled?.pages === pages ? held.settled : { ...settle(pages, held.answers), pages };
});

/** Option labels for the `<key>_desc` companions, by answer key; null clears the label. */
export type AnswerLabels = Readonly<Record<string, string | null>>;

const isHeld = (value: AnswerValue | undefined) => value !== undefined && value !== null;

/**
 * Every widget writes through here. Cleared answers become null rather than disappear: the save
 * sends the nulls, so the server forgets them too (spec platform section 4, conditional sections).
 */
export const setAnswersAtom = atom(null, (get, set, values: Answers, labels: AnswerLabels = {}) => {
  const pages = get(formPagesAtom);
  const previous = get(heldAnswersAtom).answers;
  const next: Answers = { ...previous, ...values };
  for (const [key, label] of Object.entries(labels)) next[descKeyOf(key)] = label;
  const changed = Object.keys(values).filter((key) => previous[key] !== values[key]);
  for (const key of changed.flatMap((controlKey) => dependentKeys(pages, controlKey))) {
    if (!(key in values) && isHeld(next[key])) next[key] = null;
  }
  const settled = settle(pages, answersAsText(next, previous));
  hold(get, set, { answers: settled.answers, settled: { ...settled, pages } });
});

/** Answers typed in this session (here or carried in navigation state) win over older ones. */
export const addTypedAnswersAtom = atom(null, (_get, set, typed: Answers) => set(studentAnswersAtom, (local) => ({ ...local, ...typed })));

/** Stored answers fill in what the applicant has not typed since: unsaved edits are never lost. */
export const mergeStoredAnswersAtom = atom(null, (_get, set, stored: Answers) => set(studentAnswersAtom, (local) => ({ ...stored, ...local })));

const empty = (value: AnswerValue | undefined) => value === undefined || value === null || value === '';

/**
 * A profile loaded again (after a reconnection, a submit): its answers replace every answer the
 * applicant has not changed here since the `previous` saved ones, so answers saved meanwhile from
 * another tab show and are never sent back over with this page's older ones.
 */
export const reloadStoredAnswersAtom = atom(null, (_get, set, stored: Answers, previous: Answers) =>
  set(studentAnswersAtom, (local) => {
    const next = { ...stored };
    for (const [key, value] of Object.entries(local)) {
      const unchanged = (empty(value) && empty(previous[key])) || value === previous[key];
      if (!unchanged) next[key] = value;
      else if (!(key in stored) && value !== undefined) next[key] = empty(value) ? value : null;
    }
    return next;
  }),
);

/** The server's answers shown where a confirmed save or a service link says what they are (markSavedAtom, the service view). */
export const showServerAnswersAtom = atom(null, (_get, set, answers: Answers) => set(studentAnswersAtom, answers));

/** Forget every answer (logout, expired session): kiosks are shared. */
export const forgetAnswersAtom = atom(null, (_get, set) => set(studentAnswersAtom, {}));

export const hasAnyAnswerAtom = atom((get) => Object.values(get(answersAtom)).some(isAnswered));

export const firstNameAtom = atom((get) => {
  const value = get(keyAtom('first_name'));
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
});

const answerSlices = new Map<string, Atom<Answers>>();

/** The answers of these keys only: worked out again, and a new object, only when one of them changes. */
export function answersOfAtom(keys: readonly string[]): Atom<Answers> {
  const id = keys.join('\n');
  let slice = answerSlices.get(id);
  if (!slice) {
    slice = atom((get) => {
      const picked: Answers = {};
      for (const key of keys) {
        const value = get(keyAtom(key));
        if (value !== undefined) picked[key] = value;
      }
      return picked;
    });
    answerSlices.set(id, slice);
  }
  return slice;
}

/** One answer; re-renders only when it changes. */
export function useAnswer(key: string): AnswerValue | undefined {
  return useAtomValue(answersOfAtom([key]))[key];
}

/** The answers of these keys (a question's own, its members'...); re-renders only when one of them changes. */
export function useAnswers(keys: readonly string[]): Answers {
  const id = keys.join('\n');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the keys' content, not the array's identity
  return useAtomValue(useMemo(() => answersOfAtom(keys), [id]));
}

/** Every answer: re-renders on every change, so only for views that show them all (print, service view). */
export function useAllAnswers(): Answers {
  return useAtomValue(answersAtom);
}

/**
 * The answers as they stand when called, for an event handler (a link that carries them, a
 * save): reading them this way re-renders nothing as the applicant types.
 */
export function useReadAnswers(): () => Answers {
  const store = useStore();
  return useCallback(() => store.get(answersAtom), [store]);
}

/** Changes answers as a widget does (setAnswersAtom). */
export function useSetAnswers() {
  return useSetAtom(setAnswersAtom);
}
