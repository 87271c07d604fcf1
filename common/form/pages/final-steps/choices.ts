import { MARYLAND, calendarYearOptions, stateOptions } from '../../options';
import type { Option } from '../../types';

/**
 * Option lists and codes used only on the Final Steps page. Codes are what the store holds; the
 * label goes to the `_desc` companion. Yes/no answers are the shared `yesNoOptions` (Y, N).
 */

/** maryland_financially_ind_dep (form-content section 3: N1 marks a provider of more than 50%). */
export const FINANCIAL_SUPPORT = { parentOrGuardian: 'Y', otherPerson: 'N1', independent: 'N' } as const;

export const financialSupportOptions: Option[] = [
  { value: FINANCIAL_SUPPORT.parentOrGuardian, label: 'A parent or legal guardian' },
  { value: FINANCIAL_SUPPORT.otherPerson, label: 'Another person, such as my spouse' },
  { value: FINANCIAL_SUPPORT.independent, label: 'No one: I support myself' },
];

/**
 * A tie to a state (licence, vehicle, voting, taxes, public assistance). Y and N keep the spec's
 * yes/no codes, each with its follow-on: Y the year it began in Maryland, N the other state.
 */
export const TIE = { maryland: 'Y', otherState: 'N', none: 'NA' } as const;

export const tieOptions: Option[] = [
  { value: TIE.maryland, label: 'Yes, in Maryland' },
  { value: TIE.otherState, label: 'Yes, in another state' },
  { value: TIE.none, label: 'No' },
];

/** The "other state" of a tie: every state and province of the shared list but Maryland. */
export const otherStateOptions: Option[] = stateOptions.filter((option) => option.value !== MARYLAND);

/** How far back the year a tie began may go: a lifetime of driving or voting. */
const TIE_YEARS = 80;

export const tieYearOptions: Option[] = calendarYearOptions({ count: TIE_YEARS, direction: 'past' });

/** counselor_request_waiver: the FERPA right of access to letters of recommendation. */
export const recommendationWaiverOptions: Option[] = [
  { value: 'Y', label: 'Yes, I waive my right to see my letters of recommendation' },
  { value: 'N', label: 'No, I do not waive my right to see my letters of recommendation' },
];
