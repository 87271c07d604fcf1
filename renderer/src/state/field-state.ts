import type { Atom } from 'jotai';
import { selectAtom } from 'jotai/utils';
import type { Answers } from '../../../common/api';
import type { QuestionDef } from '../../../common/form/types';
import { studentAnswersAtom } from './answers';
import { fieldErrorsAtom, sameMessages, type FieldErrors } from './validation';

/**
 * Per-question slices of the answers and the errors, so that a keystroke re-renders the field
 * typed in (and those whose messages change) rather than every field of the page.
 */

/** The keys a question's edit widget reads: its own, its members', its SMS opt-in, the answer its options follow. */
export function keysReadBy(question: QuestionDef): string[] {
  const keys = [question.key, ...(question.members ?? []).map((member) => member.key)];
  if (question.smsOptInKey) keys.push(question.smsOptInKey);
  if (question.dependsOn) keys.push(question.dependsOn.controlKey);
  return keys;
}

function pick<T>(record: Readonly<Record<string, T>>, keys: readonly string[]): Record<string, T> {
  const picked: Record<string, T> = {};
  for (const key of keys) if (key in record) picked[key] = record[key]!;
  return picked;
}

function sameEntries<T>(a: Readonly<Record<string, T>>, b: Readonly<Record<string, T>>, same: (x: T, y: T) => boolean): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && same(a[key]!, b[key]!));
}

// Atoms hold no state of their own (the store does), so one per set of keys serves every store.
const answerSlices = new Map<string, Atom<Answers>>();
const errorSlices = new Map<string, Atom<FieldErrors>>();

function sliceOf<V>(cache: Map<string, Atom<V>>, keys: readonly string[], make: () => Atom<V>): Atom<V> {
  const id = keys.join('\n');
  let slice = cache.get(id);
  if (!slice) cache.set(id, (slice = make()));
  return slice;
}

/** The answers of these keys only; a new object only when one of them changes. */
export function answersOfAtom(keys: readonly string[]): Atom<Answers> {
  return sliceOf(answerSlices, keys, () => selectAtom(studentAnswersAtom, (answers) => pick(answers, keys), (a, b) => sameEntries(a, b, Object.is)));
}

/** The messages of these keys only; a new object only when one of them changes. */
export function errorsOfAtom(keys: readonly string[]): Atom<FieldErrors> {
  return sliceOf(errorSlices, keys, () => selectAtom(fieldErrorsAtom, (errors) => pick(errors, keys), (a, b) => sameEntries(a, b, sameMessages)));
}

/** Two lists of the same items in the same order (a selection of questions or sections). */
export const sameItems = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((item, index) => item === b[index]);
