import type { SectionDef } from '../../types';
import { emergencyPhoneRules } from '../../schema/about-rules';
import { required, when } from '../../schema/generic-rules';
import { phoneQuestion, selectQuestion, textQuestion } from '../question-factories';
import { relationshipOptions } from './choices';
import { otherChosen } from './conditions';
import { COUNTRY_CODE_MAX, INTERNATIONAL_PHONE_MAX, NAME_MAX } from './lengths';

export const emergencyContactSection: SectionDef = {
  id: 'emergency-contact',
  title: 'Emergency Contact',
  intro:
    'Someone we can call if there is an emergency while you are on campus. U.S. citizens: please give both a home and a cell phone number for this person.',
  questions: [
    textQuestion('emergency_contact_first_name', 'Emergency Contact First Name', { rules: [required()] }),
    textQuestion('emergency_contact_last_name', 'Emergency Contact Last Name', { maxLength: NAME_MAX, rules: [required()] }),
    selectQuestion('emergency_contact_relation', 'Emergency Contact Relationship', relationshipOptions, {
      hint: 'How this person is related to you.',
      rules: [required()],
    }),
    textQuestion('emergency_contact_relation_other', 'Relationship Description', {
      condition: otherChosen('emergency_contact_relation'),
      hint: 'For example, neighbor or employer.',
      rules: [when(otherChosen('emergency_contact_relation'), required())],
    }),
    phoneQuestion('emergency_phone_home', 'Emergency Contact Home Phone', { rules: emergencyPhoneRules.usCitizenPhone }),
    phoneQuestion('emergency_phone_mobile', 'Emergency Contact Cell Phone', { rules: emergencyPhoneRules.usCitizenPhone }),
    textQuestion('emergency_country_code', 'Emergency Contact Country Code', {
      hint: 'For a phone number outside the United States: the country calling code without + or 00.',
      inputMode: 'numeric',
      maxLength: COUNTRY_CODE_MAX,
      rules: emergencyPhoneRules.countryCode,
    }),
    textQuestion('emergency_phone_international', 'Emergency Contact International Phone', {
      hint: 'Digits only, without the country code or a leading 0.',
      inputMode: 'numeric',
      maxLength: INTERNATIONAL_PHONE_MAX,
      rules: emergencyPhoneRules.international,
    }),
  ],
};
