import { addressLookupFills } from '../../lookups';
import { countryOptions, stateOptions } from '../../options';
import type { Condition, QuestionDef } from '../../types';
import { lookupQuestion, selectQuestion, textQuestion } from '../question-factories';
import { addressRules } from '../../schema/final-steps-rules';
import { inUsOrCanada } from './conditions';
import { ADDRESS_LINE_MAX, ZIP_MAX } from './keys';

/**
 * An address of the questionnaire, built as the About page's: Country first so that
 * State/Province follows from it, and the ZIP/Postal Code field is the address search (choosing a
 * suggestion fills city, state, ZIP and country and leaves the street as typed).
 */
export interface AddressSpec {
  /** The keys' prefix: 'maryland_permanent_' gives maryland_permanent_city... */
  prefix: string;
  /** Put before every label, so the error summary tells the addresses apart ('Previous City'). */
  labelPrefix: string;
  /** Without a country key the address is in the United States or Canada, and State/Province always shows. */
  withCountry: boolean;
  /** The applicant's own address lets the browser fill it in; someone else's does not. */
  autoComplete: boolean;
  /** When the address is asked at all (State/Province follows from Country, which is hidden with the rest). */
  condition?: Condition;
  /** The address is required while this holds (always, without one). */
  requiredWhen?: Condition;
}

const ZIP_HINT = 'Type a ZIP code or city and choose a suggestion to fill in the city and state.';

export function addressQuestions({ prefix, labelPrefix, withCountry, autoComplete, condition, requiredWhen }: AddressSpec): QuestionDef[] {
  const key = (name: string) => `${prefix}${name}`;
  const label = (name: string) => `${labelPrefix}${name}`;
  const auto = (token: string) => ({ ...(autoComplete ? { autoComplete: token } : {}), ...(condition ? { condition } : {}) });
  const { country, ...fills } = addressLookupFills(prefix);
  const rules = addressRules(prefix, { withCountry, ...(requiredWhen ? { condition: requiredWhen } : {}) });
  return [
    ...(withCountry ? [selectQuestion(key('country'), label('Country'), countryOptions, { ...auto('country'), rules: rules.country })] : []),
    textQuestion(key('address_line_1'), label('Address'), { ...auto('address-line1'), maxLength: ADDRESS_LINE_MAX, rules: rules.address_line_1 }),
    textQuestion(key('city'), label('City'), { ...auto('address-level2'), rules: rules.city }),
    selectQuestion(key('state'), label('State/Province'), stateOptions, {
      ...auto('address-level1'),
      rules: rules.state,
      ...(withCountry ? { condition: inUsOrCanada(key('country')) } : {}),
    }),
    lookupQuestion(
      key('zip'),
      label('ZIP/Postal Code'),
      { category: 'address', fills: withCountry ? { ...fills, country } : fills },
      { hint: ZIP_HINT, maxLength: ZIP_MAX, rules: rules.zip, ...auto('postal-code') },
    ),
  ];
}
