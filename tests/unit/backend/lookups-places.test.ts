import { describe, expect, it } from 'vitest';
import { countries, stateOptions } from '../../../common/form/options';
import { countryByAlpha2, countryCode, countryName, countryOfState, stateAbbreviation, stateName } from '../../../backend/lookups/places';
import { prepareRecord, toLookupRecord, emptyLookupFields } from '../../../backend/lookups/records';
import { countryOfDomain } from '../../../backend/lookups/seed-schools';

describe('states in the answer model format', () => {
  it('reads postal abbreviations and full names, in any case, as the full name of stateOptions', () => {
    expect(stateName('MD')).toBe('Maryland');
    expect(stateName('md')).toBe('Maryland');
    expect(stateName('maryland')).toBe('Maryland');
    expect(stateName('QC')).toBe('Quebec');
    expect(stateName('Québec')).toBe('Quebec');
    expect(stateName('PR')).toBe('Puerto Rico');
    expect(stateName('AE')).toBe('Armed Forces Europe');
    expect(stateName('Washington, D.C.')).toBe('District of Columbia');
    expect(stateName('ZZ')).toBeUndefined();
    expect(stateName('Narnia')).toBeUndefined();
  });

  it('has an abbreviation for every state option and knows which country each is in', () => {
    for (const { value } of stateOptions) expect(stateAbbreviation(value), value).toMatch(/^[A-Z]{2}$/);
    expect(countryOfState('Ontario')).toBe('CAN');
    expect(countryOfState('Guam')).toBe('USA');
  });
});

describe('countries in the answer model format', () => {
  it('reads alpha-3, alpha-2 and English names as alpha-3', () => {
    expect(countryCode('USA')).toBe('USA');
    expect(countryCode('us')).toBe('USA');
    expect(countryCode('United States of America')).toBe('USA');
    expect(countryCode('GB')).toBe('GBR');
    expect(countryCode('UK')).toBe('GBR');
    expect(countryCode('England')).toBe('GBR');
    expect(countryCode('Deutschland')).toBeUndefined();
    expect(countryCode('germany')).toBe('DEU');
    expect(countryCode("Cote d'Ivoire")).toBe('CIV');
    expect(countryCode('Burma')).toBe('MMR');
    expect(countryCode('Türkiye')).toBe('TUR');
    expect(countryCode('Cape Verde')).toBe('CPV');
    expect(countryCode('Narnia')).toBeUndefined();
    expect(countryCode('XYZ')).toBeUndefined();
  });

  it('has a distinct alpha-2 code for every country', () => {
    const codes = countries.map((country) => country.alpha2);
    expect(new Set(codes).size).toBe(countries.length);
    for (const { code, alpha2 } of countries) expect(countryByAlpha2(alpha2)).toBe(code);
    expect(countryName('CAN')).toBe('Canada');
    expect(countryName('')).toBe('');
  });
});

describe('the country of a college domain', () => {
  it('reads country-code domains, .edu and city domains', () => {
    expect(countryOfDomain(['uk', 'ac', 'ox'])).toBe('GBR');
    expect(countryOfDomain(['edu', 'umd'])).toBe('USA');
    expect(countryOfDomain(['ca', 'umontreal'])).toBe('CAN');
    expect(countryOfDomain(['de', 'tum'])).toBe('DEU');
    expect(countryOfDomain(['berlin', 'hwr'])).toBe('DEU');
  });

  it('names no country for generic domains and ccTLDs sold for other meanings', () => {
    expect(countryOfDomain(['org', 'example'])).toBe('');
    expect(countryOfDomain(['eu', 'example'])).toBe('');
    expect(countryOfDomain(['io', 'qwasar'])).toBe('');
    expect(countryOfDomain(['co', 'edu', 'unipanamericana'])).toBe('COL');
  });
});

describe('lookup labels', () => {
  it('labels a college by name with "City, ST", or the country when there is no city', () => {
    const fields = { ...emptyLookupFields, code: '5808', name: 'University of Maryland', city: 'College Park', state: 'Maryland', country: 'USA' };
    expect(prepareRecord('college_ceeb', fields)).toMatchObject({ text: 'University of Maryland', sub_text: 'College Park, MD' });
    expect(prepareRecord('college_ceeb', { ...fields, city: '', state: '' })).toMatchObject({ sub_text: 'United States' });
    expect(prepareRecord('college_ceeb', { ...fields, city: 'Paris', state: '', country: 'FRA' })).toMatchObject({ sub_text: 'Paris, France' });
  });

  it('labels an address "City, ST ZIP" with the state name and country beneath, found by its ZIP code and state', () => {
    const fields = { ...emptyLookupFields, city: 'Baltimore', state: 'Maryland', zip: '21201', country: 'USA' };
    const record = prepareRecord('address', fields);
    expect(record).toMatchObject({ text: 'Baltimore, MD 21201', sub_text: 'Maryland, United States' });
    expect(record.words).toEqual(expect.arrayContaining(['baltimore', 'md', '21201', 'maryland']));
    expect(prepareRecord('address', { ...fields, address_line_1: '1 Main St.' }).text).toBe('1 Main St., Baltimore, MD 21201');
  });

  it('answers details with name and code for schools, and a street only when there is one', () => {
    const stored = { id: 7, code: '', name: 'X', address_line_1: '', city: 'Baltimore', state: 'Maryland', zip: '21201', country: 'USA', text: '', sub_text: '' };
    expect(toLookupRecord('address', stored)).toEqual({ city: 'Baltimore', state: 'Maryland', zip: '21201', country: 'USA' });
    expect(toLookupRecord('college_ceeb', { ...stored, code: '5808' })).toEqual({
      name: 'X',
      code: '5808',
      city: 'Baltimore',
      state: 'Maryland',
      zip: '21201',
      country: 'USA',
    });
  });
});
