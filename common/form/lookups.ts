import type { Answers, LookupCategory, LookupRecord } from '../api';
import { suffixedKey } from './repeat';
import { countries, stateOptions } from './options';
import type { LookupDef } from './types';

/**
 * What a lookup writes (form-content sections 2 to 4): a chosen result fills the keys of its
 * group, named by the group's prefix; a failed detail lookup keeps at least the chosen label.
 */
export type LookupFills = LookupDef['fills'];

/** Schools fill a name and a school code; addresses fill a street, city, state, ZIP and country. */
export type LookupKind = 'school' | 'address';

export function lookupKindOf(category: LookupCategory): LookupKind {
  return category === 'address' ? 'address' : 'school';
}

/** The keys written by a lookup and the `_desc` labels of those that are selects (state, country). */
export interface LookupAnswers {
  values: Answers;
  labels: Readonly<Record<string, string | null>>;
}

/**
 * An address group: `prefix` is '' for the permanent address and 'mailing_' for the mailing
 * address. The street is included so that an address list with streets (a CSV import) fills it,
 * and a failed detail lookup has somewhere to put the label.
 */
export function addressLookupFills(prefix: string): LookupFills {
  const key = (name: string) => `${prefix}${name}`;
  return {
    address_line_1: key('address_line_1'),
    city: key('city'),
    state: key('state'),
    zip: key('zip'),
    country: key('country'),
  };
}

/** A school of a repeated block (`prefix` 'college_'): slot 1 unsuffixed, slot n with `_n`. */
export function schoolLookupFills(prefix: string, slot: number): LookupFills {
  const key = (name: string) => suffixedKey(`${prefix}${name}`, slot);
  return {
    name: key('name'),
    code: key('ceeb'),
    address_line_1: key('address_line_1'),
    city: key('city'),
    state: key('state'),
    zip: key('zip'),
    country: key('country'),
  };
}

const countryNames = new Map(countries.map((country) => [country.code, country.name]));

const stateLabels = new Map(stateOptions.map((state) => [state.value, state.label]));

/**
 * Record fields held by select keys, with the label their `_desc` companion stores, or undefined
 * when the select does not offer the value (an imported list's "Bavaria"): that field is then left
 * empty for the applicant to choose, and the rest of the school is kept (a save with a value the
 * question does not offer is refused whole).
 */
const selectLabels: Partial<Record<keyof LookupRecord, (value: string) => string | undefined>> = {
  state: (value) => stateLabels.get(value),
  country: (code) => countryNames.get(code),
};

const recordFields: readonly (keyof LookupRecord)[] = ['name', 'code', 'address_line_1', 'city', 'state', 'zip', 'country'];

export interface RecordAnswerOptions {
  kind: LookupKind;
}

/**
 * The answers a chosen result writes. A school replaces the previous school entirely, so a field
 * the record lacks is cleared (no code or city left over from another school). An address record
 * writes only what it has: city-level data has no street, and the street typed must stay.
 */
export function answersFromRecord(record: LookupRecord, fills: LookupFills, options: RecordAnswerOptions): LookupAnswers {
  const values: Answers = {};
  const labels: Record<string, string | null> = {};
  for (const field of recordFields) {
    const key = fills[field];
    if (key === undefined) continue;
    const labelOf = selectLabels[field];
    const given = record[field]?.trim() || null;
    const label = given !== null && labelOf ? (labelOf(given) ?? null) : null;
    const value = labelOf && label === null ? null : given;
    if (value === null && options.kind === 'address') continue;
    values[key] = value;
    if (labelOf) labels[key] = label;
  }
  return { values, labels };
}

/**
 * A failed detail lookup (spec platform section 8): the typed or chosen label becomes the school
 * name or the street. A school's code is cleared, since one left from an earlier choice would name
 * another school; the other fields stay for the applicant to complete.
 */
export function answersFromLabel(label: string, fills: LookupFills, options: RecordAnswerOptions): LookupAnswers {
  const values: Answers = {};
  const target = options.kind === 'school' ? fills.name : fills.address_line_1;
  if (target !== undefined) values[target] = label.trim() || null;
  if (options.kind === 'school' && fills.code !== undefined) values[fills.code] = null;
  return { values, labels: {} };
}
