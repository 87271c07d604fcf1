import { countryOptions, marylandCountyOptions, stateOptions } from '../../options';
import type { QuestionDef, SectionDef } from '../../types';
import { addressLookupFills } from '../../lookups';
import { checkboxQuestion, lookupQuestion, selectQuestion, textQuestion } from '../question-factories';
import { inMaryland, inUsOrCanada, mailingAddressDiffers } from './conditions';

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
  return [
    selectQuestion(key('country'), 'Country', countryOptions, { autoComplete: `${addressType}country` }),
    textQuestion(key('address_line_1'), 'Address', { autoComplete: `${addressType}address-line1` }),
    textQuestion(key('address_line_2'), 'Apt. #', { autoComplete: `${addressType}address-line2` }),
    textQuestion(key('city'), 'City', { autoComplete: `${addressType}address-level2` }),
    selectQuestion(key('state'), 'State/Province', stateOptions, {
      condition: inUsOrCanada(key('country')),
      autoComplete: `${addressType}address-level1`,
    }),
    lookupQuestion(
      key('zip'),
      'ZIP/Postal Code',
      { category: 'address', fills: addressLookupFills(prefix) },
      { autoComplete: `${addressType}postal-code`, hint: 'Type a ZIP code or city and choose a suggestion to fill in the city, state and country.' },
    ),
    selectQuestion(key('county'), 'County', marylandCountyOptions, {
      condition: inMaryland(key('state')),
      hint: 'The Maryland county you live in, or Baltimore City.',
    }),
  ];
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
