import { tenant } from '../../tenant';
import { NAME_MAX } from './lengths';
import type { SectionDef } from '../../types';
import {
  checkboxQuestion,
  dateQuestion,
  radioQuestion,
  selectQuestion,
  textQuestion,
} from '../question-factories';
import { required } from '../../schema/generic-rules';
import { birthDateRules, ssnRules } from '../../schema/about-rules';
import { genderOptions, maritalStatusOptions, suffixOptions } from './choices';

export const legalNameSection: SectionDef = {
  id: 'legal-name',
  title: 'Your Legal Name',
  questions: [
    textQuestion('first_name', 'First Name', { hint: tenant.name_warning, autoComplete: 'given-name', rules: [required()], role: 'firstName' }),
    textQuestion('middle_name', 'Middle Name', { autoComplete: 'additional-name', role: 'middleName' }),
    textQuestion('last_name', 'Last Name', { hint: 'Your family name or surname.', autoComplete: 'family-name', maxLength: NAME_MAX, rules: [required()], role: 'lastName' }),
    selectQuestion('suffix', 'Suffix', suffixOptions, { autoComplete: 'honorific-suffix' }),
    checkboxQuestion('accented_name_checkbox', 'My legal name includes accent marks or other special characters.', {
      hint: 'Type your name above with its accents (for example é, ñ or ü). We will make sure it is recorded exactly.',
    }),
  ],
};

export const otherNamesSection: SectionDef = {
  id: 'other-names',
  title: 'Other Names',
  questions: [
    textQuestion('preferred_name', 'Preferred First Name', {
      role: 'preferredName',
      hint: 'The name you would like us to use when we contact you, if it differs from your legal first name.',
      autoComplete: 'nickname',
    }),
    textQuestion('previous_name', 'Previous Last Name', {
      maxLength: NAME_MAX,
      hint: 'For example, a maiden name. Tell us if your transcripts or test scores may be under another name.',
    }),
  ],
};

export const personalDetailsSection: SectionDef = {
  id: 'personal-details',
  title: 'Personal Details',
  questions: [
    dateQuestion('birth_date', 'Date of Birth', { autoComplete: 'bday', rules: birthDateRules }),
    radioQuestion('gender', 'Gender', genderOptions, { rules: [required()] }),
    selectQuestion('marital_status', 'Marital Status', maritalStatusOptions),
    textQuestion('ssn', 'Social Security Number', {
      hint: 'Optional. U.S. citizens and permanent residents: it lets us match your financial aid and residency records. Enter it as ###-##-####.',
      inputMode: 'numeric',
      mask: '000-00-0000',
      // ###-##-####
      maxLength: 11,
      rules: ssnRules,
      autoComplete: 'off',
      sensitive: true,
    }),
  ],
};

export const personalSections: readonly SectionDef[] = [legalNameSection, otherNamesSection, personalDetailsSection];
