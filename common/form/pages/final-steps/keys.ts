/**
 * The Final Steps page's named key lists (form-content section 3): the questionnaire's exemptions,
 * ties and supporting documents, each asked by one question per key.
 *
 * Naming: every questionnaire key starts with `maryland_`. A fact about ties to Maryland
 * (licence, vehicle, voting, taxes, public assistance) is a radio `maryland_<fact>` (Y in
 * Maryland, N in another state, NA neither) with a select `maryland_<fact>_year` naming the year
 * it began in Maryland when the answer is Y, and `maryland_<fact>_state` naming the other state
 * when it is N.
 */

/** Checked: the residence is the About page's permanent address, whose keys it then leaves empty. */
export const RESIDENCE_SAME_AS_PERMANENT_KEY = 'maryland_permanent_same_as_perm_addr';

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

/** Someone's name or signature, typed in full. */
export const NAME_MAX = 100;
export const ADDRESS_LINE_MAX = 100;
/** US ZIP+4 (#####-####) and Canadian postal codes. */
export const ZIP_MAX = 10;
/** Whole years or months, as digits. */
export const DURATION_MAX = 2;
