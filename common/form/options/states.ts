import type { Option } from '../types';

/**
 * States and provinces for every state select (form-content section 3). The full name is both
 * value and label, as the spec asks, so a stored answer reads the same in the print view.
 */
export const MARYLAND = 'Maryland';

function named(names: readonly string[]): Option[] {
  return names.map((name) => ({ value: name, label: name }));
}

/** The 50 states and the District of Columbia, alphabetically. */
export const usStateOptions: Option[] = named([
  'Alabama',
  'Alaska',
  'Arizona',
  'Arkansas',
  'California',
  'Colorado',
  'Connecticut',
  'Delaware',
  'District of Columbia',
  'Florida',
  'Georgia',
  'Hawaii',
  'Idaho',
  'Illinois',
  'Indiana',
  'Iowa',
  'Kansas',
  'Kentucky',
  'Louisiana',
  'Maine',
  MARYLAND,
  'Massachusetts',
  'Michigan',
  'Minnesota',
  'Mississippi',
  'Missouri',
  'Montana',
  'Nebraska',
  'Nevada',
  'New Hampshire',
  'New Jersey',
  'New Mexico',
  'New York',
  'North Carolina',
  'North Dakota',
  'Ohio',
  'Oklahoma',
  'Oregon',
  'Pennsylvania',
  'Rhode Island',
  'South Carolina',
  'South Dakota',
  'Tennessee',
  'Texas',
  'Utah',
  'Vermont',
  'Virginia',
  'Washington',
  'West Virginia',
  'Wisconsin',
  'Wyoming',
]);

/**
 * The inhabited US territories, then the freely associated states. The latter have US postal
 * addresses (USPS codes FM, MH, PW), and their citizens are a residency category of their own.
 */
export const usTerritoryOptions: Option[] = named([
  'American Samoa',
  'Guam',
  'Northern Mariana Islands',
  'Puerto Rico',
  'U.S. Virgin Islands',
  'Federated States of Micronesia',
  'Marshall Islands',
  'Palau',
]);

/** Military mail regions (APO/FPO/DPO addresses). */
export const armedForcesRegionOptions: Option[] = named(['Armed Forces Americas', 'Armed Forces Europe', 'Armed Forces Pacific']);

/** The ten provinces and three territories of Canada. */
export const canadianProvinceOptions: Option[] = named([
  'Alberta',
  'British Columbia',
  'Manitoba',
  'New Brunswick',
  'Newfoundland and Labrador',
  'Northwest Territories',
  'Nova Scotia',
  'Nunavut',
  'Ontario',
  'Prince Edward Island',
  'Quebec',
  'Saskatchewan',
  'Yukon',
]);

export const stateOptions: Option[] = [
  ...usStateOptions,
  ...usTerritoryOptions,
  ...armedForcesRegionOptions,
  ...canadianProvinceOptions,
];

/** Maryland's 23 counties and Baltimore City, which belongs to none (the county answer when state is Maryland). */
export const marylandCountyOptions: Option[] = named([
  'Allegany',
  'Anne Arundel',
  'Baltimore City',
  'Baltimore County',
  'Calvert',
  'Caroline',
  'Carroll',
  'Cecil',
  'Charles',
  'Dorchester',
  'Frederick',
  'Garrett',
  'Harford',
  'Howard',
  'Kent',
  'Montgomery',
  "Prince George's",
  "Queen Anne's",
  "St. Mary's",
  'Somerset',
  'Talbot',
  'Washington',
  'Wicomico',
  'Worcester',
]);

/**
 * Two-letter postal abbreviations (USPS for the US, Canada Post for Canada) of every entry of
 * `stateOptions`, for reading data that uses them and for short address labels such as
 * "Baltimore, MD 21201".
 */
export const stateAbbreviations: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: MARYLAND,
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
  FM: 'Federated States of Micronesia',
  MH: 'Marshall Islands',
  PW: 'Palau',
  AA: 'Armed Forces Americas',
  AE: 'Armed Forces Europe',
  AP: 'Armed Forces Pacific',
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NT: 'Northwest Territories',
  NS: 'Nova Scotia',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Quebec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
};
