import type { SectionDef } from '../../types';
import { USERNAME_MAX_LENGTH } from '../../../constants';
import { phoneRules } from '../../schema/about-rules';
import { email } from '../../schema/generic-rules';
import { phoneQuestion, textQuestion } from '../question-factories';
import { COUNTRY_CODE_MAX, INTERNATIONAL_PHONE_MAX } from './lengths';

export const contactSection: SectionDef = {
  id: 'contact',
  title: 'Phone and Email',
  intro: 'Give us at least one phone number where we can reach you: a home, cell or international number.',
  questions: [
    phoneQuestion('phone_home', 'Primary Phone', {
      hint: 'A U.S. number, for example (410) 555-0142.',
      autoComplete: 'tel-national',
      rules: phoneRules.home,
    }),
    phoneQuestion('phone_mobile', 'Cell Phone', {
      smsOptInKey: 'optin_sms_ind',
      autoComplete: 'tel-national',
      rules: phoneRules.mobile,
      smsOptInRules: phoneRules.smsOptIn,
    }),
    textQuestion('country_code', 'Country Code', {
      hint: 'For a phone number outside the United States: the country calling code without + or 00, for example 44.',
      inputMode: 'numeric',
      autoComplete: 'tel-country-code',
      maxLength: COUNTRY_CODE_MAX,
      rules: phoneRules.countryCode,
    }),
    textQuestion('phone_international', 'International Phone Number', {
      hint: 'Digits only, without the country code.',
      inputMode: 'numeric',
      maxLength: INTERNATIONAL_PHONE_MAX,
      rules: phoneRules.international,
    }),
    textQuestion('email_address', 'Email Address', {
      hint: 'Where we send admissions news. It may differ from the email you sign in with.',
      inputMode: 'email',
      autoComplete: 'email',
      maxLength: USERNAME_MAX_LENGTH,
      rules: [email()],
      role: 'email',
    }),
  ],
};
