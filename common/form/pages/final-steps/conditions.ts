import { RESIDENCE_SAME_AS_PERMANENT_KEY } from './keys';
import type { Condition } from '../../types';
import { equals, no, oneOf, yes } from '../conditions';
import { FINANCIAL_SUPPORT, TIE } from './choices';

/**
 * The Final Steps page's conditions as data, named once: the page modules show questions by them
 * and the schema's rules require answers by the same objects, so the two cannot drift.
 */

/** The address rule of the About page (state and ZIP for the United States and Canada), shared. */
export { inUsOrCanada } from '../about/conditions';

/** Every questionnaire section shows only for an applicant who asks for the in-state rate. */
export const inStateApplicant: Condition = yes('instate_tuition');

/** Y or N1: someone else provides more than half of the applicant's support. */
export const supportedByOther: Condition = oneOf('maryland_financially_ind_dep', [
  FINANCIAL_SUPPORT.parentOrGuardian,
  FINANCIAL_SUPPORT.otherPerson,
]);

export const providerFiledNoReturn: Condition = no('maryland_provider_tax_return_filed');

export const isVeteran: Condition = yes('maryland_veteran');

/** About You has a permanent address (its street): Your Residence may then be that address. */
export const permanentAddressGiven: Condition = { valueKey: 'address_line_1', operator: 'answered' };

/** The residence's own address is asked unless it is the About page's permanent address. */
export const residenceAddressAsked: Condition = { valueKey: RESIDENCE_SAME_AS_PERMANENT_KEY, operator: 'notEquals', target: true };

/** Lived at the permanent address 12 months or more: a deed or lease shows it. */
export const residedTwelveMonths: Condition = yes('maryland_resided_12_months');

/** Moved within the last 12 months: the previous address is asked. */
export const movedWithinTwelveMonths: Condition = no('maryland_resided_12_months');

/** A tie held in Maryland asks the year it began; one held in another state asks which state. */
export const tieInMaryland = (key: string): Condition => equals(key, TIE.maryland);

export const tieInOtherState = (key: string): Condition => equals(key, TIE.otherState);

/** Which proof each exception answered yes asks for (and the DD214 the veteran can provide). */
export const veteranHasDd214: Condition = yes('maryland_veteran_documents');
export const usesTransferredBenefits: Condition = yes('maryland_spouse_child_eligibility');
export const employeeFamily: Condition = yes('maryland_employee_dependent');
export const guardianWard: Condition = yes('maryland_guardian_dependent');
export const activeDuty: Condition = yes('maryland_armed_forces');
export const nationalGuard: Condition = yes('maryland_guard_exemption');
export const federatedStateCitizen: Condition = yes('maryland_federated_state_citizen');
export const peaceCorpsVolunteer: Condition = yes('maryland_peace_corps');
export const serviceCorpsMember: Condition = yes('maryland_service_corps');

export const convicted: Condition = yes('conviction');
export const disciplined: Condition = yes('suspended');
