import { evaluate } from '../conditions';
import { TIE_KEYS } from '../model/final-steps';
import {
  activeDuty,
  convicted,
  disciplined,
  employeeFamily,
  federatedStateCitizen,
  guardianWard,
  inStateApplicant,
  inUsOrCanada,
  isVeteran,
  movedWithinTwelveMonths,
  nationalGuard,
  peaceCorpsVolunteer,
  providerFiledNoReturn,
  residedTwelveMonths,
  serviceCorpsMember,
  supportedByOther,
  tieInMaryland,
  tieInOtherState,
  usesTransferredBenefits,
  veteranHasDd214,
} from '../pages/final-steps/conditions';
import type { Answers, Condition } from '../types';
import { ZIP_MIN_LENGTH } from './about-rules';
import { isoDateOf } from '../calendar-day';
import { dateOnOrBefore, matches, minLength, numberMax, required, when } from './generic-rules';
import { genericMessages } from './messages';
import type { FieldRule, RuleTable } from './rule';

/**
 * The Final Steps rules of form-content section 5: the in-state tuition questionnaire (its
 * follow-ons required by the answers that ask for them), its documents, and the closing
 * questions. The completion date message is the spec's, word for word; the others are ours.
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

const notAfterToday = (message: string) => dateOnOrBefore(isoDateOf, message);

/** A checkbox that must be checked (a certification). */
function checked(message: string): FieldRule {
  return { name: 'checked', message, test: (value) => value === true };
}

/** An upload required while `condition` holds, its message naming the document. */
function documentRequired(name: string, condition: Condition, message: string): FieldRule {
  return { ...when(condition, required(message)), name };
}

function wholeNumber(max: number): FieldRule[] {
  return [matches('integer', WHOLE_NUMBER, genericMessages.integer), numberMax(max)];
}

/** Years and months, required while `condition` holds (always, for an unconditional duration). */
function durationRules(prefix: string, condition?: Condition): RuleTable {
  const need = (rule: FieldRule) => (condition ? when(condition, rule) : rule);
  return {
    [`${prefix}_years`]: [need(required()), ...wholeNumber(MAX_DURATION_YEARS)],
    [`${prefix}_months`]: [need(required()), ...wholeNumber(MAX_DURATION_MONTHS)],
  };
}

/**
 * An address of the questionnaire. With a country, State/Province and ZIP/Postal Code are asked
 * for the United States and Canada only (as on the About page); without one they always are.
 */
function addressRules(prefix: string, options: { condition?: Condition; withCountry: boolean }): RuleTable {
  const need = (rule: FieldRule) => (options.condition ? when(options.condition, rule) : rule);
  const northAmerican = (rule: FieldRule) => (options.withCountry ? when(inUsOrCanada(`${prefix}country`), rule) : rule);
  return {
    ...(options.withCountry ? { [`${prefix}country`]: [need(required())] } : {}),
    [`${prefix}address_line_1`]: [need(required())],
    [`${prefix}city`]: [need(required())],
    [`${prefix}state`]: [northAmerican(need(required()))],
    [`${prefix}zip`]: [northAmerican(need(required())), northAmerican(minLength(ZIP_MIN_LENGTH))],
  };
}

/** Months at the permanent address, when years and months are both whole numbers. */
function monthsAtAddress(answers: Answers): number | null {
  const [years, months] = [answers.maryland_permanent_address_years, answers.maryland_permanent_address_months];
  if (typeof years !== 'string' || typeof months !== 'string') return null;
  if (!WHOLE_NUMBER.test(years.trim()) || !WHOLE_NUMBER.test(months.trim())) return null;
  return Number(years) * 12 + Number(months);
}

/** Y for 12 months or more at the address, N for less: a slip in either answer is caught here. */
const agreesWithTimeAtAddress: FieldRule = {
  name: 'agreesWithTimeAtAddress',
  message: finalStepsMessages.residenceDisagreesWithDuration,
  test: (_value, { answers }) => {
    const months = monthsAtAddress(answers);
    if (months === null) return true;
    if (evaluate(residedTwelveMonths, answers)) return months >= RESIDENCE_MONTHS;
    if (evaluate(movedWithinTwelveMonths, answers)) return months < RESIDENCE_MONTHS;
    return true;
  },
};

/** Y asks the year the tie began in Maryland, N the other state. */
const tieRules: RuleTable = Object.fromEntries(
  TIE_KEYS.flatMap((key) => [
    [key, [required()]],
    [`${key}_year`, [when(tieInMaryland(key), required())]],
    [`${key}_state`, [when(tieInOtherState(key), required())]],
  ]),
);

const exceptionRules: RuleTable = {
  maryland_employee_dependent: [required()],
  maryland_guardian_dependent: [required()],
  ward_doc_upload: [documentRequired('guardianshipOrder', guardianWard, finalStepsMessages.guardianshipOrderMissing)],
  maryland_armed_forces: [required()],
  active_duty_order: [documentRequired('activeDutyOrders', activeDuty, finalStepsMessages.activeDutyOrdersMissing)],
  maryland_veteran: [required()],
  maryland_veteran_documents: [when(isVeteran, required())],
  maryland_spouse_child_eligibility: [required()],
  maryland_guard_exemption: [required()],
  commander_documentation: [documentRequired('commanderLetter', nationalGuard, finalStepsMessages.commanderLetterMissing)],
  maryland_federated_state_citizen: [required()],
  copy_of_citizenship: [documentRequired('citizenshipProof', federatedStateCitizen, finalStepsMessages.citizenshipProofMissing)],
  maryland_foreign_service: [required()],
  maryland_peace_corps: [required()],
  peace_corp_documentation: [documentRequired('peaceCorpsService', peaceCorpsVolunteer, finalStepsMessages.peaceCorpsServiceMissing)],
  maryland_service_corps: [required()],
  american_corp_program_documentation: [
    documentRequired('serviceCorpsCompletion', serviceCorpsMember, finalStepsMessages.serviceCorpsCompletionMissing),
  ],
};

export const finalStepsRules: RuleTable = {
  instate_tuition: [required()],

  // Financial support: the supporter's part is required for answers Y and N1
  maryland_financially_ind_dep: [required()],
  maryland_provider_name: [when(supportedByOther, required())],
  maryland_provider_relationship: [when(supportedByOther, required())],
  ...durationRules('maryland_provider_support', supportedByOther),
  ...addressRules('maryland_provider_', { condition: supportedByOther, withCountry: false }),
  maryland_provider_tax_return_filed: [when(supportedByOther, required())],
  maryland_provider_tax_return_reason: [when(providerFiledNoReturn, required())],
  maryland_provider_signature: [when(supportedByOther, required())],
  maryland_provider_signature_date: [
    when(supportedByOther, required()),
    notAfterToday(finalStepsMessages.providerSignatureDateInFuture),
  ],

  ...exceptionRules,

  // Residence: Y asks for the deed or lease (doc_upload), N for the previous address
  ...addressRules('maryland_permanent_', { withCountry: true }),
  ...durationRules('maryland_permanent_address'),
  maryland_resided_12_months: [required(), agreesWithTimeAtAddress],
  ...addressRules('maryland_previous_', { condition: movedWithinTwelveMonths, withCountry: true }),
  ...durationRules('maryland_previous_address', movedWithinTwelveMonths),
  maryland_moved_for_education: [when(movedWithinTwelveMonths, required())],

  // Ties to Maryland
  maryland_possessions: [required()],
  ...tieRules,

  // One upload for the proofs without a key of their own: every missing one is named
  doc_upload: [
    documentRequired('deedOrLease', residedTwelveMonths, finalStepsMessages.deedOrLeaseMissing),
    documentRequired('dd214', veteranHasDd214, finalStepsMessages.dd214Missing),
    documentRequired('eligibilityCertificate', usesTransferredBenefits, finalStepsMessages.eligibilityCertificateMissing),
    documentRequired('hrLetter', employeeFamily, finalStepsMessages.hrLetterMissing),
  ],

  // Closing
  conviction: [required()],
  conviction_comment: [when(convicted, required())],
  suspended: [required()],
  suspended_comment: [when(disciplined, required())],
  counselor_request_waiver: [required()],
  legal_agree: [checked(finalStepsMessages.legalAgreeUnchecked)],
  statement_checkbox: [when(inStateApplicant, checked(finalStepsMessages.statementUnchecked))],
  completion_signature: [required()],
  completion_date: [required(), notAfterToday(finalStepsMessages.completionDateInFuture)],
};
