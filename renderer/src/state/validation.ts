import { atom } from 'jotai';
import { validateAnswers } from '../../../common/form/schema';
import { formPagesAtom } from './answer-changes';
import { studentAnswersAtom } from './answers';
import { webStatusAtom } from './snapshot';

/** Every message per answer key, as validateAnswers gives them and POST /api/validations takes them. */
export type FieldErrors = Record<string, string[]>;

const NO_ERRORS: FieldErrors = {};

/**
 * Every message per answer key, for the questions on show. Spec platform section 4: errors are
 * computed and shown only while the status is validating, never while the applicant first fills in.
 */
export const fieldErrorsAtom = atom<FieldErrors>((get) => {
  if (get(webStatusAtom) !== 'validating') return NO_ERRORS;
  return validateAnswers(get(studentAnswersAtom), { pages: get(formPagesAtom) });
});
