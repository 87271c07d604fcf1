import type { FieldDef } from '../types';
import { fieldsOf } from './define';

/**
 * The Final Steps page (form-content section 3): the Maryland in-state tuition questionnaire, its
 * supporting documents, and the closing questions with the applicant's signature.
 *
 * Naming: every questionnaire key starts with `maryland_`. A fact about ties to Maryland
 * (licence, vehicle, voting, taxes, public assistance) is a radio `maryland_<fact>` (Y in
 * Maryland, N in another state, NA neither) with a select `maryland_<fact>_year` naming the year
 * it began in Maryland when the answer is Y, and `maryland_<fact>_state` naming the other state
 * when it is N.
 */
const f = fieldsOf('final_steps');

const NAME_MAX = 100;
const ADDRESS_LINE_MAX = 100;
const ZIP_MAX = 10;
/** Whole years or months, as digits. */
const DURATION_MAX = 2;

/** Checked: the residence is the About page's permanent address, whose keys it then leaves empty. */
export const RESIDENCE_SAME_AS_PERMANENT_KEY = 'maryland_permanent_same_as_perm_addr';

const address = (prefix: string) => [
  ...f.text(`${prefix}_address_line_1`, ADDRESS_LINE_MAX),
  ...f.text(`${prefix}_city`),
  ...f.select(`${prefix}_state`),
  ...f.text(`${prefix}_zip`, ZIP_MAX),
];

const duration = (prefix: string) => [...f.text(`${prefix}_years`, DURATION_MAX), ...f.text(`${prefix}_months`, DURATION_MAX)];

const tieWithYearOrState = (key: string) => [...f.radio(key), ...f.select(`${key}_year`), ...f.select(`${key}_state`)];

/** Exemptions that grant the in-state rate whatever the residence (answered Y or N). */
export const EXEMPTION_KEYS = [
  // A University System employee, or the spouse or dependent child of one.
  'maryland_employee_dependent',
  // The ward of a legal guardian who lives in Maryland.
  'maryland_guardian_dependent',
  // On active duty, or the spouse or dependent child of someone who is, stationed or living in Maryland.
  'maryland_armed_forces',
  // An honorably discharged veteran living in Maryland.
  'maryland_veteran',
  // The veteran can provide a DD214 showing the discharge.
  'maryland_veteran_documents',
  // A spouse or child using transferred veterans' education benefits (certificate of eligibility).
  'maryland_spouse_child_eligibility',
  // A member of the Maryland National Guard.
  'maryland_guard_exemption',
  // A citizen of the Federated States of Micronesia, the Marshall Islands or Palau.
  'maryland_federated_state_citizen',
  // A Maryland-domiciled Foreign Service member, or their dependent, posted abroad.
  'maryland_foreign_service',
  // A returned Peace Corps volunteer.
  'maryland_peace_corps',
  // A member who completed an AmeriCorps or similar service corps program.
  'maryland_service_corps',
] as const;

/** Facts about Maryland ties, each with the year it began in Maryland or the other state. */
export const TIE_KEYS = [
  'maryland_drivers_license',
  'maryland_vehicle_registration',
  'maryland_voter_registration',
  'maryland_state_tax_return',
  'maryland_state_tax_withholding',
  'maryland_public_assistance',
] as const;

export const SUPPORTING_DOCUMENT_KEYS = [
  'doc_upload',
  'commander_documentation',
  'active_duty_order',
  'copy_of_citizenship',
  'peace_corp_documentation',
  'american_corp_program_documentation',
  'ward_doc_upload',
] as const;

export const finalStepsFields: FieldDef[] = [
  ...f.radio('instate_tuition'),

  // Financial dependence: Y dependent on a parent or guardian, N independent,
  // N1 another person (a spouse, say) provides more than 50% of the applicant's support.
  ...f.radio('maryland_financially_ind_dep'),
  ...f.text('maryland_provider_name', NAME_MAX),
  ...f.text('maryland_provider_relationship'),
  ...duration('maryland_provider_support'),
  ...address('maryland_provider'),
  ...f.radio('maryland_provider_tax_return_filed'),
  ...f.textarea('maryland_provider_tax_return_reason'),
  ...f.text('maryland_provider_signature', NAME_MAX),
  ...f.date('maryland_provider_signature_date'),

  // Exemptions
  ...EXEMPTION_KEYS.flatMap((key) => f.radio(key)),

  // Residence: the permanent address (or the About page's, when the applicant says it is the same),
  // and the previous one when the permanent is under 12 months old
  ...f.checkbox(RESIDENCE_SAME_AS_PERMANENT_KEY),
  ...address('maryland_permanent'),
  ...f.select('maryland_permanent_country'),
  ...duration('maryland_permanent_address'),
  ...f.radio('maryland_resided_12_months'),
  ...address('maryland_previous'),
  ...f.select('maryland_previous_country'),
  ...duration('maryland_previous_address'),
  ...f.radio('maryland_moved_for_education'),

  // Ties to Maryland
  ...f.radio('maryland_possessions'),
  ...TIE_KEYS.flatMap((key) => tieWithYearOrState(key)),

  // Supporting documents
  ...SUPPORTING_DOCUMENT_KEYS.flatMap((key) => f.upload(key)),

  // Closing questions and certification
  ...f.radio('conviction'),
  ...f.textarea('conviction_comment'),
  ...f.radio('suspended'),
  ...f.textarea('suspended_comment'),
  ...f.radio('counselor_request_waiver'),
  ...f.checkbox('legal_agree'),
  ...f.checkbox('statement_checkbox'),
  ...f.text('completion_signature', NAME_MAX),
  ...f.date('completion_date'),
];
