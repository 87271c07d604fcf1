import { describe, expect, it } from 'vitest';
import type { Answers } from '../../../../common/api';
import { fieldsOfPage } from './model-support';

const aboutFields = fieldsOfPage('about');
import { aboutPage } from '../../../../common/form/pages/about';
import { formPages, pageByPath, pageOfKey } from '../../../../common/form/pages';
import { SMS_OPT_IN_LABEL } from '../../../../common/form/pages/question-factories';
import { aboutMessages, errorsForPage, validateAnswers } from '../../../../common/form/schema';
import { yearsBefore } from '../../../../common/form/calendar-day';
import * as rules from '../../../../common/form/schema/generic-rules';
import type { RuleContext } from '../../../../common/form/schema/rule';
import type { PageDef, QuestionDef } from '../../../../common/form/types';
import { questionKeys } from '../../../../common/form/visibility';

/** 15 May 2026, local time: the day every date rule is judged against. */
const today = new Date(2026, 4, 15);

/** A complete About page of a U.S. citizen: no errors. Each test changes what it checks. */
const valid: Answers = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  birth_date: '1990-04-01',
  gender: 'F',
  phone_home: '(410) 555-0142',
  country: 'USA',
  address_line_1: '401 East Pratt Street',
  city: 'Fairfax',
  state: 'Virginia',
  zip: '22030',
  mailing_addr_same_as_perm_addr: true,
  citizenship_type: '1',
  united_states_resident_radio: 'Y',
  emergency_contact_first_name: 'Grace',
  emergency_contact_last_name: 'Hopper',
  emergency_contact_relation: 'PA',
  emergency_phone_home: '(410) 555-0100',
  emergency_phone_mobile: '(443) 555-0101',
};

function errorsOf(changes: Answers, day: Date = today) {
  return validateAnswers({ ...valid, ...changes }, { today: day, pages: [aboutPage] });
}

const internationalApplicant: Answers = {
  citizenship_type: '3',
  citizenship: 'IND',
  citizenship_visa_status: 'F1',
};

describe('About rules: a complete page', () => {
  it('has no errors', () => {
    expect(errorsOf({})).toEqual({});
  });

  it('lists every missing required answer with its label, in page order', () => {
    expect(validateAnswers({}, { today, pages: [aboutPage] })).toEqual({
      first_name: ['First Name is required.'],
      last_name: ['Last Name is required.'],
      birth_date: ['Date of Birth is required.'],
      gender: ['Gender is required.'],
      phone_home: [aboutMessages.phoneMissing],
      country: ['Country is required.'],
      address_line_1: ['Address is required.'],
      city: ['City is required.'],
      citizenship_type: ['Citizenship Status is required.'],
      united_states_resident_radio: ['Please answer: Do you currently live in the United States?'],
      emergency_contact_first_name: ['Emergency Contact First Name is required.'],
      emergency_contact_last_name: ['Emergency Contact Last Name is required.'],
      emergency_contact_relation: ['Emergency Contact Relationship is required.'],
    });
  });

  it.each([
    ['first_name', 'First Name is required.'],
    ['last_name', 'Last Name is required.'],
    ['gender', 'Gender is required.'],
    ['address_line_1', 'Address is required.'],
    ['city', 'City is required.'],
    ['birth_date', 'Date of Birth is required.'],
    ['citizenship_type', 'Citizenship Status is required.'],
    ['emergency_contact_first_name', 'Emergency Contact First Name is required.'],
    ['emergency_contact_last_name', 'Emergency Contact Last Name is required.'],
    ['emergency_contact_relation', 'Emergency Contact Relationship is required.'],
  ])('requires %s', (key, message) => {
    for (const empty of [null, '', '   ']) expect(errorsOf({ [key]: empty })).toEqual({ [key]: [message] });
  });

  it('requires the country (and then asks no state)', () => {
    expect(errorsOf({ country: null, state: null })).toEqual({ country: ['Country is required.'] });
  });

  it('shows the label in the generic length and choice messages', () => {
    expect(errorsOf({ middle_name: 'M'.repeat(46) })).toEqual({ middle_name: ['Middle Name must be at most 45 characters.'] });
    expect(errorsOf({ middle_name: 'M'.repeat(45) })).toEqual({});
    expect(errorsOf({ gender: 'Q' })).toEqual({ gender: ['Gender must be one of the listed choices.'] });
    expect(errorsOf({ email_address: 'ada@' })).toEqual({ email_address: ['Email Address must be a valid email address.'] });
    expect(errorsOf({ email_address: 'ada@example.edu' })).toEqual({});
  });

  it('gives every message of a key, each once', () => {
    expect(errorsOf({ ssn: '1234567890123' })).toEqual({
      ssn: [aboutMessages.ssnInvalid, 'Social Security Number must be at most 11 characters.'],
    });
    expect(errorsOf({ ssn: '123-45-6789' })).toEqual({});
  });
});

describe('About rules: date of birth', () => {
  it.each(['not a date', '1990-02-30', '1990/04/01', '04/01/1990', '1990-4-1'])('refuses %s', (birthDate) => {
    expect(errorsOf({ birth_date: birthDate })).toEqual({ birth_date: ['A valid date of birth is required'] });
  });

  it('accepts a birth date at most 100 years ago', () => {
    expect(errorsOf({ birth_date: '1926-05-15' })).toEqual({});
    expect(errorsOf({ birth_date: '1926-05-14' })).toEqual({
      birth_date: ['This date is not supported. Please contact help support for assistance.'],
    });
  });

  it('needs the applicant to be 13 or older today', () => {
    expect(errorsOf({ birth_date: '2013-05-15' })).toEqual({});
    expect(errorsOf({ birth_date: '2013-05-16' })).toEqual({ birth_date: ['You must be 13 years or older to apply.'] });
    expect(errorsOf({ birth_date: '2026-05-15' })).toEqual({ birth_date: ['You must be 13 years or older to apply.'] });
  });

  it('judges against the day it is given: a 29 February birthday counts from 28 February', () => {
    const leapDay = new Date(2028, 1, 29);
    expect(yearsBefore(leapDay, 13)).toBe('2015-02-28');
    expect(errorsOf({ birth_date: '2015-02-28' }, leapDay)).toEqual({});
    expect(errorsOf({ birth_date: '2015-03-01' }, leapDay)).toEqual({ birth_date: [aboutMessages.tooYoung] });
  });
});

describe('About rules: phones', () => {
  const badUsPhones = ['(123) 555-0142', '(410) 155-0142', '(010) 555-0142', '410-555-0142', '(410) 555-014', '4105550142'];

  it.each(badUsPhones)('refuses %s as primary and cell phone', (phone) => {
    expect(errorsOf({ phone_home: phone })).toEqual({ phone_home: ['Please enter a valid primary phone number.'] });
    expect(errorsOf({ phone_mobile: phone })).toEqual({ phone_mobile: ['Please enter a valid cell phone number.'] });
  });

  it('accepts a (###) ###-#### number whose area code and exchange start with 2 to 9', () => {
    expect(errorsOf({ phone_home: '(299) 299-0000', phone_mobile: '(989) 999-9999' })).toEqual({});
  });

  it('needs a cell phone to opt in to text messages', () => {
    expect(errorsOf({ optin_sms_ind: true })).toEqual({
      optin_sms_ind: ['A cell phone number is required to opt in to text message updates.'],
    });
    expect(errorsOf({ optin_sms_ind: true, phone_mobile: '(443) 555-0199' })).toEqual({});
    expect(errorsOf({ optin_sms_ind: false })).toEqual({});
  });

  it('needs a home, cell or international phone', () => {
    const noPhone = { phone_home: null };
    expect(errorsOf(noPhone)).toEqual({
      phone_home: ['Please enter a home phone, cell phone, or international phone number.'],
    });
    expect(errorsOf({ ...noPhone, phone_mobile: '(443) 555-0199' })).toEqual({});
    expect(errorsOf({ ...noPhone, country_code: '44', phone_international: '2079460958' })).toEqual({});
  });

  it('checks the country code: 1 to 3 digits, the first 1 to 9', () => {
    for (const code of ['1', '44', '355']) expect(errorsOf({ country_code: code })).toEqual({});
    for (const code of ['0', '044', '+44', 'ab']) {
      expect(errorsOf({ country_code: code })).toEqual({ country_code: ['Valid country code.'] });
    }
    // Every message of the key: the format, and the model's length limit.
    expect(errorsOf({ country_code: '1234' })).toEqual({
      country_code: ['Valid country code.', 'Country Code must be at most 3 characters.'],
    });
  });

  it('needs a country code with an international phone of 4 to 15 digits', () => {
    expect(errorsOf({ phone_international: '2079460958' })).toEqual({ country_code: [aboutMessages.countryCodeMissing] });
    for (const phone of ['0123', '123456789012345']) expect(errorsOf({ country_code: '44', phone_international: phone })).toEqual({});
    for (const phone of ['123', '20-7946-0958', '+442079460958']) {
      expect(errorsOf({ country_code: '44', phone_international: phone })).toEqual({
        phone_international: [aboutMessages.internationalPhoneInvalid],
      });
    }
    expect(errorsOf({ country_code: '44', phone_international: '1234567890123456' })).toEqual({
      phone_international: [aboutMessages.internationalPhoneInvalid, 'International Phone Number must be at most 15 characters.'],
    });
  });
});

describe('About rules: emergency contact', () => {
  it('requires the home and cell phone of a U.S. citizen’s contact', () => {
    expect(errorsOf({ emergency_phone_home: null, emergency_phone_mobile: '' })).toEqual({
      emergency_phone_home: ['Emergency Contact Home Phone is required.'],
      emergency_phone_mobile: ['Emergency Contact Cell Phone is required.'],
    });
  });

  it('leaves them optional for other applicants', () => {
    expect(errorsOf({ ...internationalApplicant, emergency_phone_home: null, emergency_phone_mobile: null })).toEqual({});
    expect(
      errorsOf({ ...internationalApplicant, emergency_phone_home: null, emergency_phone_mobile: null, citizenship_type: '2', alien_registration_number: 'A123456789' }),
    ).toEqual({});
  });

  it('checks the U.S. phone format of the contact’s phones', () => {
    expect(errorsOf({ emergency_phone_mobile: '(143) 555-0101' })).toEqual({
      emergency_phone_mobile: ['Emergency Contact Cell Phone must be a valid U.S. phone number, (###) ###-####.'],
    });
  });

  it('checks the country code: 1 to 3 digits', () => {
    for (const code of ['1', '44', '355']) expect(errorsOf({ emergency_country_code: code })).toEqual({});
    for (const code of ['+1', 'ab', '4 4']) {
      expect(errorsOf({ emergency_country_code: code })).toEqual({ emergency_country_code: ['Please enter a valid country code.'] });
    }
    expect(errorsOf({ emergency_country_code: '1234' })).toEqual({
      emergency_country_code: ['Please enter a valid country code.', 'Emergency Contact Country Code must be at most 3 characters.'],
    });
  });

  it('checks the international phone: 4 to 15 digits, not starting with 0, with a country code', () => {
    expect(errorsOf({ emergency_country_code: '91', emergency_phone_international: '9876543210' })).toEqual({});
    expect(errorsOf({ emergency_country_code: '91', emergency_phone_international: '123456789012345' })).toEqual({});
    for (const phone of ['0987654321', '123', '98765-43210']) {
      expect(errorsOf({ emergency_country_code: '91', emergency_phone_international: phone })).toEqual({
        emergency_phone_international: [aboutMessages.emergencyInternationalPhoneInvalid],
      });
    }
    expect(errorsOf({ emergency_phone_international: '9876543210' })).toEqual({
      emergency_country_code: [aboutMessages.emergencyCountryCodeMissing],
    });
  });

  it('asks for the relationship when it is Other', () => {
    expect(errorsOf({ emergency_contact_relation: 'OT' })).toEqual({
      emergency_contact_relation_other: ['Relationship Description is required.'],
    });
    expect(errorsOf({ emergency_contact_relation: 'OT', emergency_contact_relation_other: 'Neighbor' })).toEqual({});
  });
});

describe('About rules: addresses', () => {
  it.each(['USA', 'CAN'])('requires state and ZIP/postal code in %s', (country) => {
    expect(errorsOf({ country, state: null, zip: null })).toEqual({
      state: ['State/Province is required.'],
      zip: ['ZIP/Postal Code is required.'],
    });
  });

  it('needs at least 5 characters of ZIP/postal code in the United States and Canada only', () => {
    expect(errorsOf({ zip: '2203' })).toEqual({ zip: ['ZIP/Postal Code must be at least 5 characters.'] });
    expect(errorsOf({ country: 'CAN', state: 'Ontario', zip: 'M5V' })).toEqual({ zip: [aboutMessages.zipTooShort] });
    expect(errorsOf({ country: 'CAN', state: 'Ontario', zip: 'M5V 3L9' })).toEqual({});
    expect(errorsOf({ country: 'GBR', state: null, zip: 'W1' })).toEqual({});
    expect(errorsOf({ country: 'GBR', state: null, zip: null })).toEqual({});
  });

  it('requires the county of a Maryland address', () => {
    expect(errorsOf({ state: 'Maryland', zip: '21202' })).toEqual({ county: ['County is required.'] });
    expect(errorsOf({ state: 'Maryland', zip: '21202', county: 'Baltimore City' })).toEqual({});
  });

  it('applies the same rules to a mailing address that differs', () => {
    const mailing = { mailing_addr_same_as_perm_addr: false, mailing_country: 'USA' };
    expect(errorsOf(mailing)).toEqual({
      mailing_state: ['State/Province is required.'],
      mailing_zip: ['ZIP/Postal Code is required.'],
    });
    expect(errorsOf({ ...mailing, mailing_state: 'Maryland', mailing_zip: '2120' })).toEqual({
      mailing_zip: ['ZIP/Postal Code must be at least 5 characters.'],
      mailing_county: ['County is required.'],
    });
    expect(errorsOf({ ...mailing, mailing_state: 'Maryland', mailing_zip: '21202', mailing_county: 'Howard' })).toEqual({});
  });

  it('does not check the mailing address when it is the same as the permanent one', () => {
    expect(errorsOf({ mailing_addr_same_as_perm_addr: true, mailing_country: 'USA', mailing_state: 'Maryland', mailing_zip: '1' })).toEqual({});
  });
});

describe('About rules: citizenship', () => {
  it('requires country of citizenship, visa status and A-Number of a permanent resident', () => {
    expect(errorsOf({ citizenship_type: '2' })).toEqual({
      citizenship: ['Country of Citizenship is required.'],
      alien_registration_number: ['Alien Registration Number (A-Number) is required.'],
      citizenship_visa_status: ['Visa Status is required.'],
    });
  });

  it('requires country of citizenship and visa status, not an A-Number, of a citizen of another country', () => {
    expect(errorsOf({ citizenship_type: '3' })).toEqual({
      citizenship: ['Country of Citizenship is required.'],
      citizenship_visa_status: ['Visa Status is required.'],
    });
    expect(errorsOf(internationalApplicant)).toEqual({});
  });

  it('asks a U.S. citizen none of them, whatever is left over', () => {
    expect(errorsOf({ citizenship_type: '1', citizenship_visa_status: 'OT' })).toEqual({});
  });

  it('asks to explain an Other visa status', () => {
    expect(errorsOf({ ...internationalApplicant, citizenship_visa_status: 'OT' })).toEqual({
      citizenship_visa_status_other_explain: ['Other Visa Status is required.'],
    });
    expect(errorsOf({ ...internationalApplicant, citizenship_visa_status: 'OT', citizenship_visa_status_other_explain: 'E-3' })).toEqual({});
  });

  it('checks the A-Number: 7 to 9 digits, with or without the A', () => {
    const resident = { ...internationalApplicant, citizenship_type: '2', citizenship_visa_status: 'PR' };
    for (const number of ['A123456789', 'a1234567', '123-456-789']) {
      expect(errorsOf({ ...resident, alien_registration_number: number })).toEqual({});
    }
    for (const number of ['A12345', '1234567890', 'B1234567']) {
      expect(errorsOf({ ...resident, alien_registration_number: number })).toEqual({
        alien_registration_number: [aboutMessages.alienNumberInvalid],
      });
    }
  });
});

describe('About rules: military', () => {
  const served = { military_status: 'Y' };

  it('requires the separation month of a veteran, and the year once a month is given', () => {
    expect(errorsOf({ ...served, military_status_specified: 'VE' })).toEqual({
      military_separation_month: ['Separation Month is required.'],
    });
    expect(errorsOf({ ...served, military_status_specified: 'VE', military_separation_month: '6' })).toEqual({
      military_separation_year: ['Separation Year is required.'],
    });
    expect(errorsOf({ ...served, military_status_specified: 'VE', military_separation_month: '6', military_separation_year: '2015' })).toEqual({});
  });

  it('asks no separation date of active service members', () => {
    expect(errorsOf({ ...served, military_status_specified: 'AD' })).toEqual({});
  });

  it('does not validate hidden questions', () => {
    expect(errorsOf({ military_status: 'N', military_status_specified: 'VE', military_separation_month: '13' })).toEqual({});
  });
});

describe('generic rules (spec platform section 5)', () => {
  const context: RuleContext = { answers: {}, today };
  const check = (rule: ReturnType<typeof rules.required>, value: Answers[string] | undefined, ctx = context) => rule.test(value, ctx);

  it('required: not empty, not blank, not false', () => {
    for (const value of [undefined, null, '', '  ', false]) expect(check(rules.required(), value)).toBe(false);
    for (const value of ['x', true]) expect(check(rules.required(), value)).toBe(true);
  });

  it('lengths, e-mail and URL pass an empty answer and test a given one', () => {
    expect([check(rules.minLength(3), ''), check(rules.minLength(3), 'ab'), check(rules.minLength(3), 'abc')]).toEqual([true, false, true]);
    expect([check(rules.maxLength(3), 'abc'), check(rules.maxLength(3), 'abcd')]).toEqual([true, false]);
    expect([check(rules.email(), 'a@b.edu'), check(rules.email(), 'a@'), check(rules.email(), null)]).toEqual([true, false, true]);
    expect([check(rules.url(), 'https://example.edu/x'), check(rules.url(), 'example')]).toEqual([true, false]);
  });

  it('numbers are read from strings', () => {
    expect([check(rules.number(), '3.5'), check(rules.number(), 'three')]).toEqual([true, false]);
    expect([check(rules.numberMin(2), '2'), check(rules.numberMin(2), '1.99'), check(rules.numberMin(2), 'x')]).toEqual([true, false, true]);
    expect([check(rules.numberMax(4), '4'), check(rules.numberMax(4), '4.01')]).toEqual([true, false]);
    expect([check(rules.integer(), '12'), check(rules.integer(), '12.5')]).toEqual([true, false]);
    expect([check(rules.positive(), '0.1'), check(rules.positive(), '0')]).toEqual([true, false]);
    expect([check(rules.negative(), '-1'), check(rules.negative(), '0')]).toEqual([true, false]);
  });

  it('array min/max count the checked members of a check group', () => {
    const question = aboutPage.sections.flatMap((section) => section.questions).find((q) => q.key === 'race') as QuestionDef;
    const withChecked = (answers: Answers): RuleContext => ({ answers, today, question });
    expect(check(rules.arrayMin(1), undefined, withChecked({}))).toBe(false);
    expect(check(rules.arrayMin(1), undefined, withChecked({ race_asian: true, race_white: false }))).toBe(true);
    expect(check(rules.arrayMax(1), undefined, withChecked({ race_asian: true, race_white: true }))).toBe(false);
    expect(check(rules.required(), undefined, withChecked({ race_asian: false }))).toBe(false);
    expect(check(rules.required(), undefined, withChecked({ race_asian: true }))).toBe(true);
  });

  it('one of: the value exactly as listed', () => {
    expect([check(rules.oneOf(['Y', 'N']), 'Y'), check(rules.oneOf(['Y', 'N']), 'y'), check(rules.oneOf(['Y']), '')]).toEqual([true, false, true]);
  });

  it('messages show the label taken from the question', () => {
    const page: PageDef = {
      id: 'education',
      path: '/education',
      title: 'Test',
      sections: [
        {
          id: 's',
          title: 'S',
          questions: [
            { key: 'gpa', widget: 'text', label: 'Cumulative GPA' },
            { key: 'site', widget: 'text', label: 'Portfolio' },
            { key: 'campus', widget: 'radio', label: 'Which campus do you plan to attend?', options: [{ value: 'M', label: 'Main' }] },
            { key: 'langs', widget: 'checkGroup', label: 'Languages', members: [{ key: 'lang_fr', label: 'French' }] },
          ],
        },
      ],
    };
    const table = {
      gpa: [rules.number(), rules.numberMin(0), rules.numberMax(4), rules.minLength(2)],
      site: [rules.url(), rules.url()],
      campus: [rules.required()],
      langs: [rules.arrayMin(1)],
    };
    expect(validateAnswers({ gpa: '5', site: 'nope', campus: 'X' }, { today, pages: [page], rules: table })).toEqual({
      gpa: ['Cumulative GPA must be at most 4.', 'Cumulative GPA must be at least 2 characters.'],
      site: ['Portfolio must be a valid web address (URL).'],
      campus: ['Which campus do you plan to attend? must be one of the listed choices.'],
      langs: ['Languages: choose at least 1.'],
    });
    expect(validateAnswers({ gpa: '-' }, { today, pages: [page], rules: table })).toMatchObject({
      gpa: ['Cumulative GPA must be a number.', 'Cumulative GPA must be at least 2 characters.'],
      campus: ['Please answer: Which campus do you plan to attend?'],
    });
  });
});

describe('About page definition', () => {
  const questions = aboutPage.sections.flatMap((section) => section.questions);
  const modelTypes = new Map(aboutFields.map((field) => [field.key, field.type]));
  const widgetType: Record<QuestionDef['widget'], string | undefined> = {
    text: 'text',
    textarea: 'textarea',
    select: 'select',
    radio: 'radio',
    checkbox: 'checkbox',
    checkGroup: undefined,
    date: 'date',
    phone: 'phone',
    upload: 'upload',
    lookup: undefined,
  };

  it('asks for every About key of the data model, and only those', () => {
    const asked = new Set(aboutPage.sections.flatMap((section) => section.questions.flatMap(questionKeys)));
    expect([...asked].sort()).toEqual(aboutFields.map((field) => field.key).sort());
  });

  it('uses the widget that fits each key’s type', () => {
    for (const question of questions) {
      if (question.widget === 'checkGroup') {
        for (const member of question.members ?? []) expect(modelTypes.get(member.key), member.key).toBe('checkbox');
      } else if (question.widget === 'lookup') {
        // A search field holds free text: a key of its own lookup type, or a plain text key.
        expect(['text', 'lookup'], question.key).toContain(modelTypes.get(question.key));
        expect(question.lookup, question.key).toBeDefined();
      } else {
        expect(modelTypes.get(question.key), question.key).toBe(widgetType[question.widget]);
      }
    }
    expect(questions.find((q) => q.key === 'phone_mobile')?.smsOptInKey).toBe('optin_sms_ind');
    expect(SMS_OPT_IN_LABEL).toMatch(/text message/);
  });

  it('gives each select and radio options, and each question a label', () => {
    for (const question of questions) {
      expect(question.label.length, question.key).toBeGreaterThan(0);
      if (question.widget === 'select' || question.widget === 'radio') expect(question.options?.length, question.key).toBeGreaterThan(0);
    }
  });

  it('maps keys and paths to pages', () => {
    expect(formPages.map((page) => [page.id, page.path, page.title])).toEqual([
      ['about', '/about', 'About You'],
      ['education', '/education', 'Your Academics'],
      ['final_steps', '/final-steps', 'Final Steps'],
    ]);
    for (const key of ['first_name', 'citizenship_desc', 'race', 'race_asian', 'optin_sms_ind', 'mailing_addr_same_as_perm_addr']) {
      expect(pageOfKey(key)?.id, key).toBe('about');
    }
    expect(pageOfKey('no_such_key')).toBeUndefined();
    expect(pageByPath('/about')).toBe(aboutPage);
    expect(pageByPath('/final-steps/')?.id).toBe('final_steps');
    expect(pageByPath('/nowhere')).toBeUndefined();
  });

  it('splits errors by page', () => {
    const errors = { first_name: ['First Name is required.'], campus_preferrence: ['x'] };
    expect(errorsForPage(errors, 'about')).toEqual({ first_name: ['First Name is required.'] });
    expect(errorsForPage(errors, 'education')).toEqual({ campus_preferrence: ['x'] });
  });
});
