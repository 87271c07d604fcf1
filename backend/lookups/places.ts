import {
  CANADA_COUNTRY_CODE,
  canadianProvinceOptions,
  countries,
  stateAbbreviations,
  US_COUNTRY_CODE,
} from '../../common/form/options';
import { normalizeText } from './normalize';

/**
 * States and countries in the answer model's formats (common/api.ts `LookupRecord`): the full
 * state or province name of `stateOptions`, the ISO alpha-3 country code of `countries`.
 */

const stateByAbbreviation = new Map(Object.entries(stateAbbreviations));
const abbreviationByState = new Map(Object.entries(stateAbbreviations).map(([abbreviation, name]) => [name, abbreviation]));
const canadianProvinces = new Set(canadianProvinceOptions.map((option) => option.value));

const STATE_ALIASES: Readonly<Record<string, string>> = {
  'washington dc': 'District of Columbia',
  'washington d c': 'District of Columbia',
  'virgin islands': 'U.S. Virgin Islands',
  'us virgin islands': 'U.S. Virgin Islands',
  'virgin islands of the united states': 'U.S. Virgin Islands',
  micronesia: 'Federated States of Micronesia',
  newfoundland: 'Newfoundland and Labrador',
  'yukon territory': 'Yukon',
  'northwest territory': 'Northwest Territories',
  'nunavut territory': 'Nunavut',
  pei: 'Prince Edward Island',
};
const stateByNormalName = new Map<string, string>([
  ...Object.values(stateAbbreviations).map((name): [string, string] => [normalizeText(name), name]),
  ...Object.entries(STATE_ALIASES),
]);

/** The full state or province name for a full name (any case or accents) or a postal abbreviation. */
export function stateName(input: string): string | undefined {
  const trimmed = input.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) return stateByAbbreviation.get(trimmed.toUpperCase());
  return stateByNormalName.get(normalizeText(trimmed));
}

/** The postal abbreviation of a full state or province name ("Maryland" → "MD"). */
export function stateAbbreviation(name: string): string | undefined {
  return abbreviationByState.get(name);
}

/** The country a state of `stateOptions` belongs to: Canada for provinces, else the United States. */
export function countryOfState(name: string): string {
  return canadianProvinces.has(name) ? CANADA_COUNTRY_CODE : US_COUNTRY_CODE;
}

const nameByCode = new Map(countries.map((country) => [country.code, country.name]));
const codeByAlpha2 = new Map(countries.map((country) => [country.alpha2, country.code]));

const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  'united states of america': 'USA',
  'u s a': 'USA',
  'u s': 'USA',
  uk: 'GBR',
  'u k': 'GBR',
  'great britain': 'GBR',
  britain: 'GBR',
  england: 'GBR',
  scotland: 'GBR',
  wales: 'GBR',
  'northern ireland': 'GBR',
  korea: 'KOR',
  'republic of korea': 'KOR',
  'korea republic of': 'KOR',
  'democratic peoples republic of korea': 'PRK',
  'russian federation': 'RUS',
  'viet nam': 'VNM',
  'czech republic': 'CZE',
  'ivory coast': 'CIV',
  macau: 'MAC',
  swaziland: 'SWZ',
  'east timor': 'TLS',
  holland: 'NLD',
  'the netherlands': 'NLD',
  'the bahamas': 'BHS',
  'the gambia': 'GMB',
  'democratic republic of the congo': 'COD',
  drc: 'COD',
  'republic of the congo': 'COG',
  congo: 'COG',
  uae: 'ARE',
  'state of palestine': 'PSE',
  'islamic republic of iran': 'IRN',
  'syrian arab republic': 'SYR',
  'lao peoples democratic republic': 'LAO',
  'republic of moldova': 'MDA',
  'united republic of tanzania': 'TZA',
  'brunei darussalam': 'BRN',
  macedonia: 'MKD',
  'republic of north macedonia': 'MKD',
};

/**
 * English names a country is known by: ours, ours without a parenthesis ("Myanmar (Burma)" →
 * "Myanmar", "Burma"), the one ICU gives for its alpha-2 code ("Cape Verde", "Congo - Kinshasa")
 * and a few common others.
 */
const codeByNormalName = new Map<string, string>();
{
  const regionNames = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
  const add = (name: string | undefined, code: string) => {
    const key = name === undefined ? '' : normalizeText(name);
    if (key && !codeByNormalName.has(key)) codeByNormalName.set(key, code);
  };
  for (const { code, name, alpha2 } of countries) {
    add(name, code);
    const parenthesis = /^(.*?)\s*\((.*)\)$/.exec(name);
    if (parenthesis) {
      add(parenthesis[1], code);
      if (!/\b(of|part)$/.test(parenthesis[2]!)) add(parenthesis[2], code);
    }
    add(regionNames.of(alpha2), code);
  }
  for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) codeByNormalName.set(alias, code);
}

/** The alpha-3 code for an alpha-3 or alpha-2 code or an English name; undefined if unknown. */
export function countryCode(input: string): string | undefined {
  const trimmed = input.trim();
  const upper = trimmed.toUpperCase();
  if (/^[A-Z]{3}$/.test(upper) && nameByCode.has(upper)) return upper;
  if (/^[A-Z]{2}$/.test(upper)) return upper === 'UK' ? 'GBR' : codeByAlpha2.get(upper);
  return codeByNormalName.get(normalizeText(trimmed));
}

/** The alpha-3 code of an ISO alpha-2 code. */
export function countryByAlpha2(alpha2: string): string | undefined {
  return codeByAlpha2.get(alpha2.toUpperCase());
}

/** The English name of an alpha-3 code, or '' for none. */
export function countryName(code: string): string {
  return nameByCode.get(code) ?? '';
}
