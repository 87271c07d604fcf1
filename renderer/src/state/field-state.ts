import type { Atom } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { keysHintReads } from '../../../common/form/question-hint';
import type { QuestionDef } from '../../../common/form/types';
import { pick, sameEntries } from '../lib/record-slice';
import { shownFieldErrorsAtom } from './left-fields';
import { sameMessages, type FieldErrors } from './validation';

/**
 * Per-question slices of the errors (the answers' are `answersOfAtom` in features/answers/typed-answers.ts), so
 * that a keystroke re-renders the field typed in (and those whose messages change) rather than
 * every field of the page.
 */

/** The keys a question's edit widget reads: its own, its members', its SMS opt-in, the answer its options follow, those its hint names. */
export function keysReadBy(question: QuestionDef): string[] {
  const keys = [question.key, ...(question.members ?? []).map((member) => member.key), ...keysHintReads(question)];
  if (question.smsOptInKey) keys.push(question.smsOptInKey);
  if (question.dependsOn) keys.push(question.dependsOn.controlKey);
  return keys;
}

// Atoms hold no state of their own (the store does), so one per set of keys serves every store.
const errorSlices = new Map<string, Atom<FieldErrors>>();

/** The messages these keys' fields show (left-fields.ts); a new object only when one of them changes. */
export function errorsOfAtom(keys: readonly string[]): Atom<FieldErrors> {
  const id = keys.join('\n');
  let slice = errorSlices.get(id);
  if (!slice) errorSlices.set(id, (slice = selectAtom(shownFieldErrorsAtom, (errors) => pick(errors, keys), (a, b) => sameEntries(a, b, sameMessages))));
  return slice;
}

/** Two lists of the same items in the same order (a selection of questions or sections). */
export const sameItems = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((item, index) => item === b[index]);
