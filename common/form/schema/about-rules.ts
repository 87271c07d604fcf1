import { isAnswered } from '../conditions';
import {
  answered,
  inMaryland,
  inUsOrCanada,
  notUsCitizen,
  otherChosen,
  permanentResident,
  usCitizen,
  veteran,
} from '../pages/about/conditions';
import { yearsBefore } from '../calendar-day';
import {
  dateOnOrAfter,
  dateOnOrBefore,
  email,
  format,
  matches,
  minLength,
  required,
  usPhone,
  validDate,
  when,
} from './generic-rules';
import type { FieldRule, RuleTable } from './rule';

/**
 * The About You rules of form-content section 5. Messages in quotes there are kept word for word
 * (including 'Valid country code.'); the others are ours. Required messages show the label.
 */
export const aboutMessages = {
  birthDateInvalid: 'A valid date of birth is required',
  birthDateTooOld: 'This date is not supported. Please contact help support for assistance.',
  tooYoung: 'You must be 13 years or older to apply.',
  primaryPhoneInvalid: 'Please enter a valid primary phone number.',
  cellPhoneInvalid: 'Please enter a valid cell phone number.',
  smsOptInNeedsCell: 'A cell phone number is required to opt in to text message updates.',
  phoneMissing: 'Please enter a home phone, cell phone, or international phone number.',
  countryCodeInvalid: 'Valid country code.',
  countryCodeMissing: 'Please enter the country code of your international phone number.',
  internationalPhoneInvalid: 'Please enter a valid international phone number: 4 to 15 digits.',
  emergencyCountryCodeInvalid: 'Please enter a valid country code.',
  emergencyCountryCodeMissing: "Please enter the country code of your emergency contact's international phone number.",
  emergencyInternationalPhoneInvalid:
    "Please enter a valid international phone number for your emergency contact: 4 to 15 digits, not starting with 0.",
  zipTooShort: 'ZIP/Postal Code must be at least 5 characters.',
  ssnInvalid: 'Please enter your Social Security Number as ###-##-####.',
  alienNumberInvalid: 'Please enter your A-Number as 7 to 9 digits, with or without the leading A.',
} as const;

export const MIN_APPLICANT_AGE = 13;
export const OLDEST_BIRTH_YEARS = 100;
export const ZIP_MIN_LENGTH = 5;

const COUNTRY_CODE = /^[1-9]\d{0,2}$/;
/** Spec: the emergency country code is "1 to 3 digits", with no rule on the first digit. */
const EMERGENCY_COUNTRY_CODE = /^\d{1,3}$/;
const INTERNATIONAL_PHONE = /^\d{4,15}$/;
const EMERGENCY_INTERNATIONAL_PHONE = /^[1-9]\d{3,14}$/;
const SSN = /^\d{3}-\d{2}-\d{4}$/;
const A_NUMBER = /^A?\d{7,9}$/i;

/** "Please enter a home phone, cell phone, or international phone number." */
const anyPhone: FieldRule = {
  name: 'anyPhone',
  message: aboutMessages.phoneMissing,
  test: (_value, { answers }) => ['phone_home', 'phone_mobile', 'phone_international'].some((key) => isAnswered(answers[key])),
};

/** No text message updates without a cell phone to send them to. */
const smsOptInNeedsCell: FieldRule = {
  name: 'smsOptIn',
  message: aboutMessages.smsOptInNeedsCell,
  test: (value, { answers }) => value !== true || isAnswered(answers.phone_mobile),
};

/** State and ZIP/postal code of an address in the United States or Canada. */
function addressRules(prefix: '' | 'mailing_'): RuleTable {
  const inNorthAmerica = inUsOrCanada(`${prefix}country`);
  return {
    [`${prefix}state`]: [when(inNorthAmerica, required())],
    [`${prefix}zip`]: [when(inNorthAmerica, required()), when(inNorthAmerica, minLength(ZIP_MIN_LENGTH, aboutMessages.zipTooShort))],
    [`${prefix}county`]: [when(inMaryland(`${prefix}state`), required())],
  };
}

const birthDateRules: FieldRule[] = [
  required(),
  validDate(aboutMessages.birthDateInvalid),
  dateOnOrAfter((today) => yearsBefore(today, OLDEST_BIRTH_YEARS), aboutMessages.birthDateTooOld),
  dateOnOrBefore((today) => yearsBefore(today, MIN_APPLICANT_AGE), aboutMessages.tooYoung),
];

export const aboutRules: RuleTable = {
  // Personal
  first_name: [required()],
  last_name: [required()],
  birth_date: birthDateRules,
  gender: [required()],
  ssn: [matches('ssn', SSN, aboutMessages.ssnInvalid)],

  // Contact
  phone_home: [anyPhone, usPhone(aboutMessages.primaryPhoneInvalid)],
  phone_mobile: [usPhone(aboutMessages.cellPhoneInvalid)],
  optin_sms_ind: [smsOptInNeedsCell],
  country_code: [
    when(answered('phone_international'), required(aboutMessages.countryCodeMissing)),
    matches('countryCode', COUNTRY_CODE, aboutMessages.countryCodeInvalid),
  ],
  phone_international: [matches('internationalPhone', INTERNATIONAL_PHONE, aboutMessages.internationalPhoneInvalid)],
  email_address: [email()],

  // Addresses; the mailing rules run only while the mailing section shows (not the same address)
  address_line_1: [required()],
  city: [required()],
  country: [required()],
  ...addressRules(''),
  ...addressRules('mailing_'),

  // Citizenship
  citizenship_type: [required()],
  united_states_resident_radio: [required()],
  citizenship: [when(notUsCitizen, required())],
  citizenship_visa_status: [when(notUsCitizen, required())],
  citizenship_visa_status_other_explain: [when(otherChosen('citizenship_visa_status'), required())],
  alien_registration_number: [
    when(permanentResident, required()),
    format('aNumber', (value) => A_NUMBER.test(value.replace(/[\s-]/g, '')), aboutMessages.alienNumberInvalid),
  ],

  // Military
  military_separation_month: [when(veteran, required())],
  military_separation_year: [when(answered('military_separation_month'), required())],

  // Emergency contact; U.S. citizens give a home and a cell phone for their contact
  emergency_contact_first_name: [required()],
  emergency_contact_last_name: [required()],
  emergency_contact_relation: [required()],
  emergency_contact_relation_other: [when(otherChosen('emergency_contact_relation'), required())],
  // Their format is the phone default: '<label> must be a valid U.S. phone number, (###) ###-####.'
  emergency_phone_home: [when(usCitizen, required())],
  emergency_phone_mobile: [when(usCitizen, required())],
  emergency_country_code: [
    when(answered('emergency_phone_international'), required(aboutMessages.emergencyCountryCodeMissing)),
    matches('countryCode', EMERGENCY_COUNTRY_CODE, aboutMessages.emergencyCountryCodeInvalid),
  ],
  emergency_phone_international: [
    matches('internationalPhone', EMERGENCY_INTERNATIONAL_PHONE, aboutMessages.emergencyInternationalPhoneInvalid),
  ],
};
