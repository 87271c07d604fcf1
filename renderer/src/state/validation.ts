import { atom } from 'jotai';
import { studentAnswersAtom } from './answers';
import { chosenFormPagesAtom } from './form-pages';
import { webStatusAtom } from './snapshot';
import { submitErrorsAtom } from './submission';
import { validatorAtom } from './validator';

/** Every message per answer key, as validateAnswers gives them and POST /api/validations takes them. */
export type FieldErrors = Record<string, string[]>;

const NO_ERRORS: FieldErrors = {};

/**
 * Every message per answer key, for the questions on show. Spec platform section 4: errors are
 * computed and shown only while the status is validating, never while the applicant first fills in.
 * Errors the server's submit reported and this client did not find are shown with them.
 */
export const fieldErrorsAtom = atom<FieldErrors>((get) => {
  if (get(webStatusAtom) !== 'validating') return NO_ERRORS;
  const validateAnswers = get(validatorAtom);
  if (!validateAnswers) return NO_ERRORS;
  // The real pages unless a test's store chose its own: validateAnswers reads them itself, so the
  // form's definition stays out of the entry with the validation (issue 18, item 2).
  const errors = validateAnswers(get(studentAnswersAtom), { pages: get(chosenFormPagesAtom) ?? undefined });
  const fromServer = Object.entries(get(submitErrorsAtom));
  if (fromServer.length === 0) return errors;
  const merged = { ...errors };
  for (const [key, messages] of fromServer) merged[key] = [...new Set([...(merged[key] ?? []), ...messages])];
  return merged;
});
