import { atom } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { answersAtom, settledAnswersAtom } from '../features/answers/typed-answers';
import { wholeFormPagesAtom } from './form-pages';
import { webStatusAtom } from './snapshot';
import { submitErrorsAtom } from './submission';
import { validatorAtom } from './validator';

/** Every message per answer key, as validateAnswers gives them and POST /api/validations takes them. */
export type FieldErrors = Record<string, string[]>;

const NO_ERRORS: FieldErrors = {};

/** The same messages in the same order: a key's, or (with `sameFieldErrors`) the whole form's. */
export const sameMessages = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((message, index) => message === b[index]);

/** The same keys in the same order (the error summary's), each with the same messages. */
function sameFieldErrors(a: FieldErrors, b: FieldErrors): boolean {
  const keys = Object.keys(a);
  const others = Object.keys(b);
  return keys.length === others.length && keys.every((key, index) => key === others[index] && sameMessages(a[key]!, b[key]!));
}

const computedErrorsAtom = atom<FieldErrors>((get) => {
  if (get(webStatusAtom) !== 'validating') return NO_ERRORS;
  const validateAnswers = get(validatorAtom);
  if (!validateAnswers) return NO_ERRORS;
  // The real pages unless a test's store chose its own: validateAnswers reads them itself, so the
  // form's definition stays out of the entry with the validation (issue 18, item 2). What is on
  // show was worked out with the change (settledAnswersAtom), for these pages, once they are all in.
  const pages = get(wholeFormPagesAtom);
  const settled = get(settledAnswersAtom);
  const errors = validateAnswers(get(answersAtom), { pages: pages ?? undefined, settled: settled.pages === pages ? settled : undefined });
  const fromServer = Object.entries(get(submitErrorsAtom));
  if (fromServer.length === 0) return errors;
  const merged = { ...errors };
  for (const [key, messages] of fromServer) merged[key] = [...new Set([...(merged[key] ?? []), ...messages])];
  return merged;
});

/**
 * Every message per answer key, for the questions on show. Spec platform section 4: errors are
 * computed and shown only while the status is validating, never while the applicant first fills in.
 * Errors the server's submit reported and this client did not find are shown with them. The same
 * object while the messages stay the same, so what draws the whole form's errors (the error
 * summary) has nothing to do on the many keystrokes that change none (issue 18, item 1).
 */
export const fieldErrorsAtom = selectAtom(computedErrorsAtom, (errors) => errors, sameFieldErrors);
