import { CANADA_COUNTRY_CODE, MARYLAND, US_COUNTRY_CODE } from '../../options';
import type { Condition } from '../../types';
import { CITIZENSHIP, OTHER_CODE, VETERAN } from './choices';

/**
 * The About page's conditions as data, named once: the page modules show questions by them and
 * the schema's rules require answers by the same objects, so the two cannot drift.
 */

export const inUsOrCanada = (countryKey: string): Condition => ({
  valueKey: countryKey,
  operator: 'in',
  target: [US_COUNTRY_CODE, CANADA_COUNTRY_CODE],
});

export const inMaryland = (stateKey: string): Condition => ({ valueKey: stateKey, operator: 'equals', target: MARYLAND });

export const otherChosen = (key: string): Condition => ({ valueKey: key, operator: 'equals', target: OTHER_CODE });

export { answered, yes } from '../conditions';

export const mailingAddressDiffers: Condition = {
  valueKey: 'mailing_addr_same_as_perm_addr',
  operator: 'notEquals',
  target: true,
};

export const usCitizen: Condition = { valueKey: 'citizenship_type', operator: 'equals', target: CITIZENSHIP.usCitizen };

export const notUsCitizen: Condition = {
  valueKey: 'citizenship_type',
  operator: 'in',
  target: [CITIZENSHIP.permanentResident, CITIZENSHIP.otherCountry],
};

export const permanentResident: Condition = {
  valueKey: 'citizenship_type',
  operator: 'equals',
  target: CITIZENSHIP.permanentResident,
};

export const veteran: Condition = { valueKey: 'military_status_specified', operator: 'equals', target: VETERAN };
