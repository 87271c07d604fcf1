import { countryOptions, marylandCountyOptions, stateOptions } from '../../options';
import type { Answers, AnswerValue, QuestionDef, SectionDef } from '../../types';
import { addressLookupFills } from '../../lookups';
import { addressRules } from '../../schema/about-rules';
import { required } from '../../schema/generic-rules';
import { checkboxQuestion, lookupQuestion, selectQuestion, textQuestion } from '../question-factories';
import { inMaryland, inUsOrCanada, mailingAddressDiffers } from './conditions';
import { ADDRESS_LINE_MAX, ZIP_MAX } from './lengths';

/**
 * One address block for both addresses; `prefix` is '' for the permanent address and 'mailing_'
 * for the mailing address (the data model's keys: address_line_1 / mailing_address_line_1...).
 * Country comes first so that State/Province and County follow from it. ZIP/Postal Code is the
 * address search: our data has cities and ZIP codes, not streets, so choosing a suggestion fills
 * city, state, ZIP and country and leaves the street as typed.
 */
function addressQuestions(prefix: '' | 'mailing_'): QuestionDef[] {
  const key = (name: string) => `${prefix}${name}`;
  const addressType = prefix === '' ? '' : 'shipping ';
  const rules = addressRules(prefix);
  // The permanent address is required; the mailing address only when it differs (its section shows).
  const requiredHere = prefix === '' ? { rules: [required()] } : {};
  return [
    selectQuestion(key('country'), 'Country', countryOptions, { autoComplete: `${addressType}country`, ...requiredHere }),
    textQuestion(key('address_line_1'), 'Address', { autoComplete: `${addressType}address-line1`, maxLength: ADDRESS_LINE_MAX, ...requiredHere }),
    textQuestion(key('address_line_2'), 'Apt. #', { autoComplete: `${addressType}address-line2`, maxLength: ADDRESS_LINE_MAX }),
    textQuestion(key('city'), 'City', { autoComplete: `${addressType}address-level2`, ...requiredHere }),
    selectQuestion(key('state'), 'State/Province', stateOptions, {
      condition: inUsOrCanada(key('country')),
      autoComplete: `${addressType}address-level1`,
      rules: rules.state,
    }),
    lookupQuestion(
      key('zip'),
      'ZIP/Postal Code',
      { category: 'address', fills: addressLookupFills(prefix) },
      { autoComplete: `${addressType}postal-code`, maxLength: ZIP_MAX, rules: rules.zip, hint: 'Type a ZIP code or city and choose a suggestion to fill in the city, state and country.' },
    ),
    selectQuestion(key('county'), 'County', marylandCountyOptions, {
      condition: inMaryland(key('state')),
      hint: 'The Maryland county you live in, or Baltimore City.',
      rules: rules.county,
    }),
  ];
}

/** The answers the permanent address is written from, in the order an envelope has them. */
export const PERMANENT_ADDRESS_KEYS = ['address_line_1', 'address_line_2', 'city', 'state', 'zip', 'country'] as const;

const text = (value: AnswerValue | undefined) => (typeof value === 'string' ? value.trim() : '');

/**
 * The permanent address on one line ('4400 University Drive, Fairfax, Virginia 22030, United
 * States'), or '' while it has no street: what Your Residence offers to reuse.
 */
export function permanentAddressLine(answers: Answers): string {
  if (text(answers.address_line_1) === '') return '';
  const country = countryOptions.find((option) => option.value === answers.country)?.label ?? '';
  const stateAndZip = [text(answers.state), text(answers.zip)].filter(Boolean).join(' ');
  return [text(answers.address_line_1), text(answers.address_line_2), text(answers.city), stateAndZip, country].filter(Boolean).join(', ');
}

export const permanentAddressSection: SectionDef = {
  id: 'permanent-address',
  title: 'Permanent Address',
  intro: 'Your permanent home address. If you live at school or move often, give the address where you usually live.',
  questions: [
    ...addressQuestions(''),
    checkboxQuestion('mailing_addr_same_as_perm_addr', 'My mailing address is the same as my permanent address.'),
  ],
};

export const mailingAddressSection: SectionDef = {
  id: 'mailing-address',
  title: 'Mailing Address',
  intro: 'Where we should send letters and your admissions decision.',
  condition: mailingAddressDiffers,
  questions: addressQuestions('mailing_'),
};

export const addressSections: readonly SectionDef[] = [permanentAddressSection, mailingAddressSection];
