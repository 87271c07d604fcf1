import { atom } from 'jotai';
import { validateAnswers } from '../../../common/form/schema';
import { formPagesAtom } from './answer-changes';
import { studentAnswersAtom } from './answers';
import { isLoggedInAtom } from './session';
import { webStatusAtom } from './snapshot';
import { fieldErrorsAtom, type FieldErrors } from './validation';

const NOTHING_MISSING: FieldErrors = {};

/**
 * What the missing-information panel lists (spec platform section 2): for a logged-in applicant,
 * every question on show still unanswered or invalid, from the first visit on. While validating it
 * is the page's own errors, with those the server's submit reported; before that the same check,
 * though the pages show no red yet (errors appear only while validating, spec section 4).
 */
export const missingAnswersAtom = atom<FieldErrors>((get) => {
  if (!get(isLoggedInAtom)) return NOTHING_MISSING;
  if (get(webStatusAtom) === 'validating') return get(fieldErrorsAtom);
  return validateAnswers(get(studentAnswersAtom), { pages: get(formPagesAtom) });
});
