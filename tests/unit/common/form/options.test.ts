import { describe, expect, it } from 'vitest';
import {
  CANADA_COUNTRY_CODE,
  MARYLAND,
  US_COUNTRY_CODE,
  countries,
  countryOptions,
  countryOptionsWithoutUs,
  degreeOptions,
  marylandCountyOptions,
  monthOptions,
  stateOptions,
  yearOptions,
  yesNoOptions,
} from '../../../../common/form/options';

const values = (options: readonly { value: string }[]) => options.map((option) => option.value);
const collator = new Intl.Collator('en');

describe('countries', () => {
  it('lists about 230 countries and territories with unique ISO alpha-3 codes', () => {
    expect(countries.length).toBeGreaterThanOrEqual(220);
    expect(countries.length).toBeLessThanOrEqual(250);
    const codes = countries.map((country) => country.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{3}$/);
    expect(new Set(countries.map((country) => country.name)).size).toBe(countries.length);
  });

  it('is alphabetical by name', () => {
    const names = countries.map((country) => country.name);
    expect(names).toEqual([...names].sort(collator.compare));
  });

  it('uses USA and CAN for the United States and Canada', () => {
    expect(US_COUNTRY_CODE).toBe('USA');
    expect(CANADA_COUNTRY_CODE).toBe('CAN');
    expect(countries.find((country) => country.code === 'USA')?.name).toBe('United States');
    expect(countries.find((country) => country.code === 'CAN')?.name).toBe('Canada');
  });

  it('puts the United States first in countryOptions, once', () => {
    expect(countryOptions[0]).toEqual({ value: 'USA', label: 'United States' });
    expect(values(countryOptions).filter((code) => code === 'USA')).toHaveLength(1);
    expect(countryOptions).toHaveLength(countries.length);
    expect(countryOptions.slice(1)).toEqual(countryOptionsWithoutUs);
  });

  it('leaves the United States out of countryOptionsWithoutUs', () => {
    expect(values(countryOptionsWithoutUs)).not.toContain('USA');
    expect(countryOptionsWithoutUs).toHaveLength(countries.length - 1);
    expect(countryOptionsWithoutUs.find((option) => option.value === 'CAN')).toEqual({ value: 'CAN', label: 'Canada' });
  });
});

describe('states and provinces', () => {
  const names = values(stateOptions);

  it('uses the full name as value and label', () => {
    for (const option of stateOptions) expect(option.value).toBe(option.label);
    expect(new Set(names).size).toBe(names.length);
  });

  it('lists the 50 states and DC alphabetically first', () => {
    const states = names.slice(0, 51);
    expect(states).toEqual([...states].sort(collator.compare));
    expect(states).toContain('District of Columbia');
    expect(states).toContain(MARYLAND);
    expect(states).toContain('Wyoming');
    expect(MARYLAND).toBe('Maryland');
  });

  it('then territories, armed-forces regions and Canadian provinces, in that order', () => {
    for (const territory of ['American Samoa', 'Guam', 'Northern Mariana Islands', 'Puerto Rico', 'U.S. Virgin Islands']) {
      expect(names.indexOf(territory)).toBeGreaterThanOrEqual(51);
    }
    const forces = ['Armed Forces Americas', 'Armed Forces Europe', 'Armed Forces Pacific'].map((name) => names.indexOf(name));
    for (const index of forces) expect(index).toBeGreaterThan(names.indexOf('Puerto Rico'));
    const provinces = [
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
    ];
    expect(names.slice(-13)).toEqual(provinces);
    expect(Math.max(...forces)).toBeLessThan(names.indexOf('Alberta'));
  });
});

describe('months', () => {
  it('stores 1 to 12 and shows January to December', () => {
    expect(values(monthOptions)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    expect(monthOptions[0]?.label).toBe('January');
    expect(monthOptions[11]?.label).toBe('December');
  });
});

describe('Maryland counties', () => {
  it('lists the 23 counties and Baltimore City', () => {
    expect(marylandCountyOptions).toHaveLength(24);
    const names = values(marylandCountyOptions);
    expect(names).toContain('Baltimore City');
    expect(names).toContain('Baltimore County');
    expect(names).toContain("Prince George's");
    expect(new Set(names).size).toBe(24);
  });
});

describe('year lists', () => {
  const now = new Date(2026, 5, 15);

  it('counts down from the current year for the past', () => {
    expect(values(yearOptions({ count: 3, direction: 'past' }, now))).toEqual(['2026', '2025', '2024']);
  });

  it('counts up from the current year for the future', () => {
    expect(values(yearOptions({ count: 3, direction: 'future' }, now))).toEqual(['2026', '2027', '2028']);
  });

  it('starts at a given year, with the year as label', () => {
    expect(yearOptions({ start: 1999, count: 2, direction: 'future' }, now)).toEqual([
      { value: '1999', label: '1999' },
      { value: '2000', label: '2000' },
    ]);
    expect(values(yearOptions({ start: 2000, count: 2, direction: 'past' }, now))).toEqual(['2000', '1999']);
  });

  it('defaults to the real current year and gives nothing for a count of zero', () => {
    expect(yearOptions({ count: 1, direction: 'past' })[0]?.value).toBe(String(new Date().getFullYear()));
    expect(yearOptions({ count: 0, direction: 'past' }, now)).toEqual([]);
  });
});

describe('codes', () => {
  it('stores yes and no as Y and N', () => {
    expect(yesNoOptions).toEqual([
      { value: 'Y', label: 'Yes' },
      { value: 'N', label: 'No' },
    ]);
  });

  it('has the seven degree codes of the spec', () => {
    expect(values(degreeOptions)).toEqual(['AD', 'BD', 'MA', 'DD', 'SD', 'FP', 'OC']);
    for (const option of degreeOptions) expect(option.label.length).toBeGreaterThan(0);
  });
});
