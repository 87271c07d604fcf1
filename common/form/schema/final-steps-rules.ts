import { evaluate } from '../conditions';
import {
  employeeFamily,
  inUsOrCanada,
  movedWithinTwelveMonths,
  residedTwelveMonths,
  supportedByOther,
  usesTransferredBenefits,
  veteranHasDd214,
} from '../pages/final-steps/conditions';
import type { Answers, Condition } from '../types';
import { ZIP_MIN_LENGTH } from './about-rules';
import { latestTodayAnywhere } from '../calendar-day';
import { dateOnOrBefore, matches, minLength, numberMax, required, when } from './generic-rules';
import { genericMessages } from './messages';
import type { FieldRule } from './rule';

/**
 * The Final Steps rules of form-content section 5: the in-state tuition questionnaire (its
 * follow-ons required by the answers that ask for them), its documents, and the closing
 * questions, which the page's questions declare (pages/final-steps). The completion date message is the spec's, word for word; the others are ours.
 */
export const finalStepsMessages = {
  deedOrLeaseMissing: 'Please upload a deed or lease showing that you have lived at your address for the past 12 months.',
  dd214Missing: 'Please upload your DD214 (Certificate of Release or Discharge from Active Duty).',
  eligibilityCertificateMissing: 'Please upload your certificate of eligibility for transferred veterans’ education benefits.',
  hrLetterMissing: 'Please upload a letter of verification from Human Resources confirming the University System of Maryland employment.',
  activeDutyOrdersMissing: 'Please upload active-duty orders showing service in Maryland.',
  commanderLetterMissing: 'Please upload a letter from your commanding officer confirming your membership in the Maryland National Guard.',
  citizenshipProofMissing: 'Please upload a copy of your passport or certificate of citizenship.',
  peaceCorpsServiceMissing: 'Please upload your Peace Corps Description of Service.',
  serviceCorpsCompletionMissing: 'Please upload your AmeriCorps or service corps certificate of completion.',
  guardianshipOrderMissing: 'Please upload the court order of guardianship.',
  residenceDisagreesWithDuration: 'Your answer does not match the years and months you have lived at this address. Please check them.',
  providerSignatureDateInFuture: "The supporter's signature date must be today or a date in the past.",
  legalAgreeUnchecked: 'Please check the box to certify that the information in your application is complete and true.',
  statementUnchecked: 'Please check the box to certify your answers to the in-state tuition questions.',
  completionDateInFuture: 'Completion date must be today or any date in the past',
} as const;

/** Years at an address or of support: up to 99. Months: the rest of a year, 0 to 11. */
export const MAX_DURATION_YEARS = 99;
export const MAX_DURATION_MONTHS = 11;
/** The residence requirement: 12 months at the address. */
export const RESIDENCE_MONTHS = 12;

const WHOLE_NUMBER = /^\d+$/;

/** Today or before, where the person signing is: up to a day ahead of the institution's today. */
const notAfterToday = (message: string) => dateOnOrBefore(latestTodayAnywhere, message);

/** A checkbox that must be checked (a certification). */
export function checked(message: string): FieldRule {
  return { name: 'checked', message, requires: true, test: (value) => value === true };
}

/** An upload required while `condition` holds, its message naming the document. */
export function documentRequired(name: string, condition: Condition, message: string): FieldRule {
  return { ...when(condition, required(message)), name };
}

function wholeNumber(max: number): FieldRule[] {
  return [matches('integer', WHOLE_NUMBER, genericMessages.integer), numberMax(max)];
}

/** Years and months, required while `condition` holds (always, for an unconditional duration). */
export function durationRules(condition?: Condition) {
  const need = (rule: FieldRule) => (condition ? when(condition, rule) : rule);
  return {
    years: [need(required()), ...wholeNumber(MAX_DURATION_YEARS)],
    months: [need(required()), ...wholeNumber(MAX_DURATION_MONTHS)],
  };
}

/**
 * An address of the questionnaire. With a country, State/Province and ZIP/Postal Code are asked
 * for the United States and Canada only (as on the About page); without one they always are.
 */
export function addressRules(prefix: string, options: { condition?: Condition; withCountry: boolean }) {
  const need = (rule: FieldRule) => (options.condition ? when(options.condition, rule) : rule);
  const northAmerican = (rule: FieldRule) => (options.withCountry ? when(inUsOrCanada(`${prefix}country`), rule) : rule);
  return {
    country: [need(required())],
    address_line_1: [need(required())],
    city: [need(required())],
    state: [northAmerican(need(required()))],
    zip: [northAmerican(need(required())), northAmerican(minLength(ZIP_MIN_LENGTH))],
  };
}

/** Months at the permanent address, when years and months are both whole numbers. */
const TIME_AT_ADDRESS_KEYS = ['maryland_permanent_address_years', 'maryland_permanent_address_months'] as const;

function monthsAtAddress(answers: Answers): number | null {
  const [years, months] = TIME_AT_ADDRESS_KEYS.map((key) => answers[key]);
  if (typeof years !== 'string' || typeof months !== 'string') return null;
  if (!WHOLE_NUMBER.test(years.trim()) || !WHOLE_NUMBER.test(months.trim())) return null;
  return Number(years) * 12 + Number(months);
}

/** Y for 12 months or more at the address, N for less: a slip in either answer is caught here. */
export const agreesWithTimeAtAddress: FieldRule = {
  name: 'agreesWithTimeAtAddress',
  message: finalStepsMessages.residenceDisagreesWithDuration,
  reads: [...new Set([...TIME_AT_ADDRESS_KEYS, residedTwelveMonths.valueKey, movedWithinTwelveMonths.valueKey])],
  test: (_value, { answers }) => {
    const months = monthsAtAddress(answers);
    if (months === null) return true;
    if (evaluate(residedTwelveMonths, answers)) return months >= RESIDENCE_MONTHS;
    if (evaluate(movedWithinTwelveMonths, answers)) return months < RESIDENCE_MONTHS;
    return true;
  },
};

/** The supporter's signature date, and the applicant's: today or before. */
export const providerSignatureDateRules: FieldRule[] = [
  when(supportedByOther, required()),
  notAfterToday(finalStepsMessages.providerSignatureDateInFuture),
];
export const completionDateRules: FieldRule[] = [required(), notAfterToday(finalStepsMessages.completionDateInFuture)];

/** One upload for the proofs without a key of their own: every missing one is named. */
export const proofOfResidenceRules: FieldRule[] = [
  documentRequired('deedOrLease', residedTwelveMonths, finalStepsMessages.deedOrLeaseMissing),
  documentRequired('dd214', veteranHasDd214, finalStepsMessages.dd214Missing),
  documentRequired('eligibilityCertificate', usesTransferredBenefits, finalStepsMessages.eligibilityCertificateMissing),
  documentRequired('hrLetter', employeeFamily, finalStepsMessages.hrLetterMissing),
];
