import type { Answers } from '../../common/api';
import { COLLEGES_BUTTON } from '../../common/form/pages/education/colleges';
import { suffixedKey } from '../../common/form/repeat';
import { institutionToday, isoDateOf } from '../../common/form/calendar-day';
import { completeApplication } from '../support/complete-application';

/** A paragraph of ordinary prose, repeated to the length of a real essay. */
function prose(length: number): string {
  const sentence = 'I learned to plan long projects, to ask for help early and to write clearly for readers who are not specialists. ';
  return sentence.repeat(Math.ceil(length / sentence.length)).slice(0, length).trim();
}

/** College n of the eight, with every answer of its block filled; the most recent first. */
function college(slot: number): Answers {
  const at = (key: string) => suffixedKey(`college_${key}`, slot);
  const [ceeb, name, address, city, state, zip, degree, major, degreeMonth, degreeYear, gpa, credits, fromMonth, fromYear, toMonth, toYear, country] = [
    'ceeb', 'name', 'address_line_1', 'city', 'state', 'zip', 'degree', 'major', 'degree_month', 'degree_year', 'gpa', 'credits',
    'attend_from_month', 'attend_from_year', 'attend_to_month', 'attend_to_year', 'country',
  ].map(at);
  const graduated = 2020 - 2 * (slot - 1);
  return {
    [ceeb!]: String(5400 + slot),
    [name!]: `Chesapeake Community College ${slot}`,
    [address!]: `${100 + slot} College Avenue`,
    [city!]: 'Towson',
    [state!]: 'Maryland',
    [zip!]: '21204',
    [country!]: 'USA',
    [degree!]: slot === 1 ? 'BD' : 'AD',
    [major!]: 'History',
    [degreeMonth!]: '5',
    [degreeYear!]: String(graduated),
    [gpa!]: '3.25',
    [credits!]: slot === 1 ? '120' : '30',
    [fromMonth!]: '8',
    [fromYear!]: String(graduated - 2),
    [toMonth!]: '5',
    [toYear!]: String(graduated),
  };
}

/**
 * The busiest realistic application, for the benchmarks: `completeApplication` with every optional
 * question answered and every section a real applicant can open opened: a mailing address apart,
 * a permanent resident and veteran, eight colleges, four honors, the MBA (a typed personal
 * statement and resume, the GMAT), in-state tuition as a dependent who moved to Maryland within the
 * year, and both conduct questions answered Yes with an explanation.
 */
export function busiestApplication(today: Date = institutionToday()): Answers {
  const colleges = Object.assign({}, ...Array.from({ length: COLLEGES_BUTTON.max }, (_, index) => college(index + 1))) as Answers;
  return {
    ...completeApplication(today),
    // About You
    middle_name: 'Augusta',
    suffix: 'II',
    accented_name_checkbox: true,
    preferred_name: 'Ada',
    previous_name: 'Ada Byron',
    marital_status: 'M',
    ssn: '123-45-6789',
    phone_mobile: '(443) 555-0143',
    country_code: '44',
    phone_international: '2079460958',
    email_address: 'ada@example.edu',
    address_line_2: 'Apartment 4',
    state: 'Maryland',
    city: 'Towson',
    zip: '21204',
    county: 'Baltimore County',
    mailing_addr_same_as_perm_addr: false,
    mailing_country: 'USA',
    mailing_address_line_1: '1 Harbor Place',
    mailing_address_line_2: 'Suite 200',
    mailing_city: 'Baltimore',
    mailing_state: 'Maryland',
    mailing_zip: '21202',
    mailing_county: 'Baltimore City',
    citizenship_type: '2',
    citizenship: 'GBR',
    alien_registration_number: 'A123456789',
    citizenship_visa_status: 'OT',
    citizenship_visa_status_other_explain: 'Conditional permanent resident',
    ethnicity: 'NH',
    race_asian: true,
    race_white: true,
    military_status: 'Y',
    military_status_specified: 'VE',
    military_service_branch_radio: 'NV',
    military_duty_station: 'Naval Station Norfolk',
    military_separation_month: '6',
    military_separation_year: '2015',
    military_dependent: 'N',
    veterans_affairs_benefit_toggle: 'Y',
    veterans_affairs_edu_benefit: 'CH33',
    emergency_contact_relation: 'OT',
    emergency_contact_relation_other: 'Godmother',
    emergency_country_code: '44',
    emergency_phone_international: '2079460000',
    religious_affiliation: 'OT',
    religious_affilation_other: 'Quaker',
    children_any: 'Y',
    // Your Academics
    previously_attend: 'Y',
    previously_attend_from_month: '9',
    previously_attend_from_year: '2012',
    previously_attend_to_month: '5',
    previously_attend_to_year: '2013',
    ...colleges,
    honors_name: "Dean's List",
    honors_2_name: 'Phi Alpha Theta',
    honors_3_name: 'Summa cum laude',
    honors_4_name: 'Departmental honors in history',
    campus_preferrence: 'M',
    applied_major: 'MBA',
    personal_statement: prose(4_000),
    resume: prose(3_000),
    gmat_taken: 'Y',
    gmat_taken_month: '3',
    gmat_taken_year: String(today.getFullYear() - 1),
    gmat_score_composite: '650',
    // Final Steps
    instate_tuition: 'Y',
    maryland_financially_ind_dep: 'Y',
    maryland_provider_name: 'Grace Lovelace',
    maryland_provider_relationship: 'Mother',
    maryland_provider_support_years: '22',
    maryland_provider_support_months: '0',
    maryland_provider_address_line_1: '12 Oak Street',
    maryland_provider_city: 'Towson',
    maryland_provider_state: 'Maryland',
    maryland_provider_zip: '21204',
    maryland_provider_tax_return_filed: 'N',
    maryland_provider_tax_return_reason: 'Her income was below the filing threshold last year.',
    maryland_provider_signature: 'Grace Lovelace',
    maryland_provider_signature_date: isoDateOf(today),
    maryland_employee_dependent: 'N',
    maryland_guardian_dependent: 'N',
    maryland_armed_forces: 'N',
    maryland_veteran: 'N',
    maryland_spouse_child_eligibility: 'N',
    maryland_guard_exemption: 'N',
    maryland_federated_state_citizen: 'N',
    maryland_foreign_service: 'N',
    maryland_peace_corps: 'N',
    maryland_service_corps: 'N',
    maryland_permanent_country: 'USA',
    maryland_permanent_address_line_1: '12 Oak Street',
    maryland_permanent_city: 'Towson',
    maryland_permanent_state: 'Maryland',
    maryland_permanent_zip: '21204',
    maryland_permanent_address_years: '0',
    maryland_permanent_address_months: '8',
    maryland_resided_12_months: 'N',
    maryland_previous_country: 'USA',
    maryland_previous_address_line_1: '300 Main Street',
    maryland_previous_city: 'Richmond',
    maryland_previous_state: 'Virginia',
    maryland_previous_zip: '23219',
    maryland_previous_address_years: '3',
    maryland_previous_address_months: '0',
    maryland_moved_for_education: 'N',
    maryland_possessions: 'Y',
    maryland_drivers_license: 'Y',
    maryland_drivers_license_year: String(today.getFullYear() - 1),
    maryland_vehicle_registration: 'N',
    maryland_vehicle_registration_state: 'Virginia',
    maryland_voter_registration: 'Y',
    maryland_voter_registration_year: String(today.getFullYear() - 1),
    maryland_state_tax_return: 'N',
    maryland_state_tax_return_state: 'Virginia',
    maryland_state_tax_withholding: 'N',
    maryland_state_tax_withholding_state: 'District of Columbia',
    maryland_public_assistance: 'NA',
    conviction: 'Y',
    conviction_comment: 'A speeding charge in 2015, dismissed.',
    suspended: 'Y',
    suspended_comment: 'Suspended for one week in 2009 for missing classes; no further action.',
    statement_checkbox: true,
  };
}
