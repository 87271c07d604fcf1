import { isAnswered } from '../conditions';
import {
  answered,
  inMaryland,
  inUsOrCanada,
  permanentResident,
  usCitizen,
} from '../pages/about/conditions';
import { yearsBefore } from '../calendar-day';
import {
  dateOnOrAfter,
  dateOnOrBefore,
  format,
  matches,
  minLength,
  required,
  usPhone,
  validDate,
  when,
} from './generic-rules';
import type { FieldRule } from './rule';

/**
 * The About You rules of form-content section 5, which the page's questions declare (pages/about). Messages in quotes there are kept word for word
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

const PHONE_KEYS = ['phone_home', 'phone_mobile', 'phone_international'];
const CELL_PHONE_KEY = 'phone_mobile';

/** "Please enter a home phone, cell phone, or international phone number." */
const anyPhone: FieldRule = {
  name: 'anyPhone',
  message: aboutMessages.phoneMissing,
  requires: true,
  reads: PHONE_KEYS,
  test: (_value, { answers }) => PHONE_KEYS.some((key) => isAnswered(answers[key])),
};

/** No text message updates without a cell phone to send them to. */
const smsOptInNeedsCell: FieldRule = {
  name: 'smsOptIn',
  message: aboutMessages.smsOptInNeedsCell,
  reads: [CELL_PHONE_KEY],
  test: (value, { answers }) => value !== true || isAnswered(answers[CELL_PHONE_KEY]),
};

/** State, ZIP/postal code and county of an address; the mailing ones run only while its section shows. */
export function addressRules(prefix: '' | 'mailing_') {
  const inNorthAmerica = inUsOrCanada(`${prefix}country`);
  return {
    state: [when(inNorthAmerica, required())],
    zip: [when(inNorthAmerica, required()), when(inNorthAmerica, minLength(ZIP_MIN_LENGTH, aboutMessages.zipTooShort))],
    county: [when(inMaryland(`${prefix}state`), required())],
  };
}

export const birthDateRules: FieldRule[] = [
  required(),
  validDate(aboutMessages.birthDateInvalid),
  dateOnOrAfter((today) => yearsBefore(today, OLDEST_BIRTH_YEARS), aboutMessages.birthDateTooOld),
  dateOnOrBefore((today) => yearsBefore(today, MIN_APPLICANT_AGE), aboutMessages.tooYoung),
];

export const ssnRules: FieldRule[] = [matches('ssn', SSN, aboutMessages.ssnInvalid)];

/** The applicant's phones: at least one of the three, each in its format. */
export const phoneRules = {
  home: [anyPhone, usPhone(aboutMessages.primaryPhoneInvalid)],
  mobile: [usPhone(aboutMessages.cellPhoneInvalid)],
  smsOptIn: [smsOptInNeedsCell],
  countryCode: [
    when(answered('phone_international'), required(aboutMessages.countryCodeMissing)),
    matches('countryCode', COUNTRY_CODE, aboutMessages.countryCodeInvalid),
  ],
  international: [matches('internationalPhone', INTERNATIONAL_PHONE, aboutMessages.internationalPhoneInvalid)],
} satisfies Record<string, FieldRule[]>;

export const aNumberRules: FieldRule[] = [
  when(permanentResident, required()),
  format('aNumber', (value) => A_NUMBER.test(value.replace(/[\s-]/g, '')), aboutMessages.alienNumberInvalid),
];

/** The emergency contact's international phone; U.S. citizens give a home and a cell phone for them. */
export const emergencyPhoneRules = {
  // Their format is the phone default: '<label> must be a valid U.S. phone number, (###) ###-####.'
  usCitizenPhone: [when(usCitizen, required())],
  countryCode: [
    when(answered('emergency_phone_international'), required(aboutMessages.emergencyCountryCodeMissing)),
    matches('countryCode', EMERGENCY_COUNTRY_CODE, aboutMessages.emergencyCountryCodeInvalid),
  ],
  international: [matches('internationalPhone', EMERGENCY_INTERNATIONAL_PHONE, aboutMessages.emergencyInternationalPhoneInvalid)],
} satisfies Record<string, FieldRule[]>;
