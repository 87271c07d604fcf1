import { atom } from 'jotai';
import type { Answers } from '../../../common/api';
import { answersAtom } from '../features/answers/typed-answers';

interface SubmitErrors {
  errors: Record<string, string[]>;
  /** The answers the server judged: an error stands only while its key's answer is unchanged. */
  answers: Answers;
}

const submitErrorsStateAtom = atom<SubmitErrors | null>(null);

/**
 * Errors the server's submit found that this client's check did not (a rule changed since the
 * page loaded, a date that passed midnight). Shown with the client's own until the applicant
 * changes that answer or submits again; set with the server's errors, or null to forget them.
 */
export const submitErrorsAtom = atom(
  (get): Record<string, string[]> => {
    const state = get(submitErrorsStateAtom);
    if (!state) return {};
    const answers = get(answersAtom);
    return Object.fromEntries(Object.entries(state.errors).filter(([key]) => (answers[key] ?? null) === (state.answers[key] ?? null)));
  },
  (get, set, errors: Record<string, string[]> | null) =>
    set(submitErrorsStateAtom, errors ? { errors, answers: get(answersAtom) } : null),
);

/**
 * The success message of a submit made in this session, until the applicant is on /completion:
 * the navigation rules take a submitted applicant there and carry it as a toast (spec platform
 * section 2). A later visit to /completion, after a reload or the next login, shows none.
 */
export const completionMessageAtom = atom<string | null>(null);

/**
 * How many submits of this session found errors: the error summary takes focus and is announced
 * again at each, also when it shows already (issue 17, item 2).
 */
export const submitRefusalsAtom = atom(0);
