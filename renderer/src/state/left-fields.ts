import { atom } from 'jotai';
import type { AnswerValue } from '../../../common/api';
import { isAnswered } from '../../../common/form/conditions';
import { afterPointerRelease } from '../lib/after-pointer-release';
import { answersAtom } from '../features/answers/typed-answers';
import { formPagesAtom } from './form-pages';
import { webStatusAtom } from './snapshot';
import { fieldErrorsAtom, type FieldErrors } from './validation';
import { loadedValidator, loadValidator } from './validator';

/**
 * Before the first submit the pages show no red (spec platform section 4), but an answer that
 * fails its rule says so at its field when the field is left (issue 33, item 2), every widget
 * alike: a partial phone, 'mariana@', an SSN of five digits, a date of 13/32/88. An empty field
 * says nothing until Submit. Each key holds the messages of its last leaving. When the answer
 * changes afterwards (typed again, or reformatted by a mask that loaded late), only the messages
 * that still apply stay: a message goes as soon as the answer is right, and a new one waits for
 * the next leaving.
 */
const leftFieldsAtom = atom<Record<string, { value: AnswerValue | undefined; messages: string[] }>>({});

const leftFieldErrorsAtom = atom((get) => {
  const answers = get(answersAtom);
  const errors: FieldErrors = {};
  let now: FieldErrors | null = null;
  for (const [key, left] of Object.entries(get(leftFieldsAtom))) {
    if (left.value === answers[key] || left.messages.length === 0) {
      errors[key] = left.messages;
      continue;
    }
    const validateAnswers = loadedValidator();
    if (!isAnswered(answers[key]) || !validateAnswers) continue;
    now ??= validateAnswers(answers, { pages: get(formPagesAtom) });
    errors[key] = left.messages.filter((message) => now![key]?.includes(message));
  }
  return errors;
});

/** What the fields show: every message while validating, else those of the fields left with a failing answer. */
export const shownFieldErrorsAtom = atom((get) => (get(webStatusAtom) === 'validating' ? get(fieldErrorsAtom) : get(leftFieldErrorsAtom)));

/**
 * The field of `key` was left: its answer is checked by the whole validation (the same messages
 * Submit gives), and the messages show once a pressed pointer is released, so nothing moves
 * between a press and its click.
 */
export const leaveFieldAtom = atom(null, async (get, set, key: string) => {
  const validateAnswers = await loadValidator();
  const answers = get(answersAtom);
  const value = answers[key];
  const messages = isAnswered(value) ? (validateAnswers(answers, { pages: get(formPagesAtom) })[key] ?? []) : [];
  if (messages.length === 0 && !(key in get(leftFieldsAtom))) return;
  afterPointerRelease(() => set(leftFieldsAtom, (left) => ({ ...left, [key]: { value, messages } })));
});
