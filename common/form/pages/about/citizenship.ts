import { countryOptionsWithoutUs } from '../../options';
import type { SectionDef } from '../../types';
import { aNumberRules } from '../../schema/about-rules';
import { required, when } from '../../schema/generic-rules';
import { radioQuestion, selectQuestion, textQuestion, yesNoQuestion } from '../question-factories';
import { citizenshipTypeOptions, visaStatusOptions } from './choices';
import { notUsCitizen, otherChosen, permanentResident } from './conditions';

export const citizenshipSection: SectionDef = {
  id: 'citizenship',
  title: 'Citizenship',
  questions: [
    radioQuestion('citizenship_type', 'Citizenship Status', citizenshipTypeOptions, { rules: [required()], role: 'citizenship' }),
    yesNoQuestion('united_states_resident_radio', 'Do you currently live in the United States?', { rules: [required()] }),
  ],
};

export const visaSection: SectionDef = {
  id: 'citizenship-visa',
  title: 'Country of Citizenship and Visa',
  intro: 'We use this to issue the documents you may need to study here. International applicants will hear from our international admissions team.',
  condition: notUsCitizen,
  questions: [
    selectQuestion('citizenship', 'Country of Citizenship', countryOptionsWithoutUs, {
      rules: [when(notUsCitizen, required())],
      role: 'citizenshipCountry',
    }),
    textQuestion('alien_registration_number', 'Alien Registration Number (A-Number)', {
      condition: permanentResident,
      hint: 'The 7- to 9-digit number on your green card, marked USCIS #. The leading A is optional.',
      // An A-number as printed ("A123456789") or with separators ("A-123-456-789").
      maxLength: 13,
      rules: aNumberRules,
    }),
    selectQuestion('citizenship_visa_status', 'Visa Status', visaStatusOptions, {
      hint: 'Your current U.S. visa or immigration status. Permanent residents choose "Permanent resident".',
      rules: [when(notUsCitizen, required())],
    }),
    textQuestion('citizenship_visa_status_other_explain', 'Other Visa Status', {
      condition: otherChosen('citizenship_visa_status'),
      hint: 'Tell us your visa type or immigration status.',
      maxLength: 100,
      rules: [when(otherChosen('citizenship_visa_status'), required())],
    }),
  ],
};

export const citizenshipSections: readonly SectionDef[] = [citizenshipSection, visaSection];
