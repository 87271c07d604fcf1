import { atom } from 'jotai';
import type { Settled } from '../../../common/form/visibility';
import { formPagesAtom } from './form-pages';
import { isLoggedInAtom } from './session';
import { webStatusAtom } from './snapshot';
import type { FieldErrors } from './validation';
import { validatorAtom } from './validator';

/**
 * What the missing-information panel ('Still to answer') lists (spec platform section 2): for a
 * logged-in applicant, every question on show still unanswered or invalid, from the first visit
 * until the first submit, never after the submission,
 * though the pages show no red yet (errors appear only while validating, spec section 4). From the
 * first submit on (validating) the error summary lists them all, so the panel lists nothing: no
 * question is named twice, in two wordings, on one page (issue 17, item 2).
 *
 * The panel's validation without the answers: null when the panel lists nothing, else a function
 * of the settled answers (features/answers/typed-answers.ts). It changes only with the session, the status or the
 * pages, so the panel can run it on answers it takes after the keystroke's frame (issue 18, item 1).
 */
export const missingValidationAtom = atom<((settled: Settled) => FieldErrors) | null>((get) => {
  // A submitted application is frozen: nothing can be answered any more (issue 33, item 3).
  const status = get(webStatusAtom);
  if (!get(isLoggedInAtom) || status === 'validating' || status === 'submitted') return null;
  const validateAnswers = get(validatorAtom);
  if (!validateAnswers) return null;
  const pages = get(formPagesAtom);
  return (settled) => validateAnswers(settled.answers, { pages, settled });
});
