import { USERNAME_MAX_LENGTH } from '../../constants';
import type { FieldDef } from '../types';
import { fieldsOf } from './define';

/**
 * The About You page (form-content section 3): personal, contact, addresses, citizenship,
 * demographics, military, emergency contact and other personal keys. Lengths not given here are
 * the input default (45) or fixed by the value format (dates, phones, checkboxes).
 */
const f = fieldsOf('about');

/** Long enough for "Apartment 1204, 401 East Pratt Street" style lines and most street names. */
const ADDRESS_LINE_MAX = 60;
/** US ZIP+4 (#####-####) and every Canadian or foreign postal code we have seen. */
const ZIP_MAX = 10;
/** International dialling: a country code of at most 3 digits and a number of at most 15 (E.164). */
const COUNTRY_CODE_MAX = 3;
const INTERNATIONAL_PHONE_MAX = 15;

export const aboutFields: FieldDef[] = [
  // Personal
  ...f.text('first_name'),
  ...f.text('middle_name'),
  ...f.text('last_name', 60),
  ...f.checkbox('accented_name_checkbox'),
  ...f.select('suffix'),
  ...f.text('preferred_name'),
  ...f.select('marital_status'),
  ...f.text('previous_name', 60),
  ...f.date('birth_date'),
  ...f.radio('gender'),
  // ###-##-####
  ...f.text('ssn', 11),

  // Contact
  ...f.phone('phone_home'),
  ...f.phone('phone_mobile'),
  ...f.checkbox('optin_sms_ind'),
  ...f.text('country_code', COUNTRY_CODE_MAX),
  ...f.text('phone_international', INTERNATIONAL_PHONE_MAX),
  ...f.text('email_address', USERNAME_MAX_LENGTH),

  // Permanent address
  ...f.text('address_line_1', ADDRESS_LINE_MAX),
  ...f.text('address_line_2', ADDRESS_LINE_MAX),
  ...f.text('city'),
  ...f.select('state'),
  ...f.text('zip', ZIP_MAX),
  ...f.select('country'),
  ...f.select('county'),

  // Mailing address
  ...f.checkbox('mailing_addr_same_as_perm_addr'),
  ...f.text('mailing_address_line_1', ADDRESS_LINE_MAX),
  ...f.text('mailing_address_line_2', ADDRESS_LINE_MAX),
  ...f.text('mailing_city'),
  ...f.select('mailing_state'),
  ...f.text('mailing_zip', ZIP_MAX),
  ...f.select('mailing_country'),
  ...f.select('mailing_county'),

  // Citizenship
  ...f.radio('united_states_resident_radio'),
  ...f.radio('citizenship_type'),
  ...f.select('citizenship'),
  ...f.select('citizenship_visa_status'),
  ...f.text('citizenship_visa_status_other_explain', 100),
  // An A-number as printed ("A123456789") or with separators ("A-123-456-789").
  ...f.text('alien_registration_number', 13),

  // Demographics
  ...f.radio('ethnicity'),
  ...f.checkbox('race_american_indian'),
  ...f.checkbox('race_asian'),
  ...f.checkbox('race_black'),
  ...f.checkbox('race_native_hawaiian'),
  ...f.checkbox('race_white'),

  // Military
  ...f.radio('military_status'),
  ...f.select('military_status_specified'),
  ...f.radio('military_service_branch_radio'),
  ...f.text('military_duty_station', ADDRESS_LINE_MAX),
  ...f.select('military_separation_month'),
  ...f.select('military_separation_year'),
  ...f.radio('veterans_affairs_benefit_toggle'),
  ...f.radio('military_dependent'),
  ...f.select('veterans_affairs_edu_benefit'),

  // Emergency contact
  ...f.text('emergency_contact_first_name'),
  ...f.text('emergency_contact_last_name', 60),
  ...f.phone('emergency_phone_home'),
  ...f.phone('emergency_phone_mobile'),
  ...f.text('emergency_country_code', COUNTRY_CODE_MAX),
  ...f.text('emergency_phone_international', INTERNATIONAL_PHONE_MAX),
  ...f.select('emergency_contact_relation'),
  ...f.text('emergency_contact_relation_other'),

  // Other personal ("affilation" is the key's spelling in the data model)
  ...f.select('religious_affiliation'),
  ...f.text('religious_affilation_other'),
  ...f.radio('children_any'),
];
