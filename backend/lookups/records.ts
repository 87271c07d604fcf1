import type { LookupCategory, LookupRecord } from '../../common/api';
import type { PreparedLookupRecord, StoredLookupRecord } from './lookups-store';
import { indexWords, normalizeText } from './normalize';
import { countryName, stateAbbreviation } from './places';

/**
 * One school or address in the answer model's formats (state: full name; country: alpha-3), with
 * '' for what the data does not have.
 */
export type LookupFields = Pick<PreparedLookupRecord, 'code' | 'name' | 'address_line_1' | 'city' | 'state' | 'zip' | 'country'>;

export const emptyLookupFields: LookupFields = { code: '', name: '', address_line_1: '', city: '', state: '', zip: '', country: '' };

export const isSchoolCategory = (category: LookupCategory) => category !== 'address';

/**
 * Labels, normal form, sort key and words of a record, computed once when it is written. Within a
 * tier of the ranking, records are ordered by sort key, then by normal form.
 */
export function prepareRecord(category: LookupCategory, fields: LookupFields): PreparedLookupRecord {
  return isSchoolCategory(category) ? prepareSchool(fields) : prepareAddress(fields);
}

/** "Maryland" → "MD" where a postal abbreviation exists, else the name as given. */
function shortState(state: string): string {
  return stateAbbreviation(state) ?? state;
}

/**
 * A school is found by the words of its name. Its second line is "City, ST" (or "City, Country"
 * abroad), or the country alone when the data has no city. Shorter names first within a tier, so
 * "Harvard University" comes before "Harvard University Extension School".
 */
function prepareSchool(fields: LookupFields): PreparedLookupRecord {
  const place = fields.city ? [fields.city, fields.state ? shortState(fields.state) : countryName(fields.country)] : [countryName(fields.country)];
  const normName = normalizeText(fields.name);
  return {
    ...fields,
    text: fields.name,
    sub_text: place.filter(Boolean).join(', '),
    norm_name: normName,
    sort_key: String(normName.length).padStart(4, '0'),
    words: indexWords(fields.name),
  };
}

/**
 * An address reads "Street, City, ST ZIP" (no street for city-level data), with the state's full
 * name and the country beneath. It is found by any of those words, the ZIP code and the full state
 * name included, and ordered by ZIP code within a tier.
 */
function prepareAddress(fields: LookupFields): PreparedLookupRecord {
  const cityLine = [fields.city, [shortState(fields.state), fields.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const text = [fields.address_line_1, cityLine].filter(Boolean).join(', ');
  const normName = normalizeText(text);
  return {
    ...fields,
    text,
    sub_text: [fields.state, countryName(fields.country)].filter(Boolean).join(', '),
    norm_name: normName,
    sort_key: normalizeText(fields.zip),
    words: indexWords(`${text} ${fields.state}`),
  };
}

/**
 * The detail answer (common/api.ts `LookupRecord`). City, state, ZIP and country are always
 * present ('' when unknown); name and code only for schools, and code and street only when the
 * data has them, so that a client keeps what the applicant typed instead of clearing it.
 */
export function toLookupRecord(category: LookupCategory, stored: StoredLookupRecord): LookupRecord {
  const school = isSchoolCategory(category);
  return {
    ...(school ? { name: stored.name } : {}),
    ...(school && stored.code ? { code: stored.code } : {}),
    ...(stored.address_line_1 ? { address_line_1: stored.address_line_1 } : {}),
    city: stored.city,
    state: stored.state,
    zip: stored.zip,
    country: stored.country,
  };
}
