import { describe, expect, it } from 'vitest';
import type { LookupRecord } from '../../../../common/api';
import {
  addressLookupFills,
  answersFromLabel,
  answersFromRecord,
  lookupKindOf,
  schoolLookupFills,
} from '../../../../common/form/lookups';
import { isStaticChoice } from '../../../../common/form/answer-choices';
import { hintText } from '../../../../common/form/question-hint';
import { collegeSlotKeys } from './model-support';
import { aboutPage, educationPage, pageOfKey } from '../../../../common/form/pages';
import { expandRepeatedSection } from '../../../../common/form/repeat';
import { allQuestions, keysToClear, questionKeys } from '../../../../common/form/visibility';
import { lookupQuestion } from '../../../../common/form/pages/question-factories';

const baltimore: LookupRecord = { city: 'Baltimore', state: 'Maryland', zip: '21201', country: 'USA' };
const school: LookupRecord = {
  name: 'University of Maryland, College Park',
  code: '5814',
  address_line_1: '7999 Regents Dr',
  city: 'College Park',
  state: 'Maryland',
  zip: '20742',
  country: 'USA',
};

describe('lookup fills by prefix', () => {
  it('maps the permanent and the mailing address', () => {
    expect(addressLookupFills('')).toEqual({
      address_line_1: 'address_line_1',
      city: 'city',
      state: 'state',
      zip: 'zip',
      country: 'country',
    });
    expect(addressLookupFills('mailing_')).toEqual({
      address_line_1: 'mailing_address_line_1',
      city: 'mailing_city',
      state: 'mailing_state',
      zip: 'mailing_zip',
      country: 'mailing_country',
    });
  });

  it('maps college slot 1 unsuffixed and slots 2 and 8 with their suffix', () => {
    expect(schoolLookupFills('college_', 1)).toEqual({
      name: 'college_name',
      code: 'college_ceeb',
      address_line_1: 'college_address_line_1',
      city: 'college_city',
      state: 'college_state',
      zip: 'college_zip',
      country: 'college_country',
    });
    expect(schoolLookupFills('college_', 2)).toMatchObject({ name: 'college_name_2', code: 'college_ceeb_2', city: 'college_city_2' });
    expect(schoolLookupFills('college_', 8)).toEqual({
      name: 'college_name_8',
      code: 'college_ceeb_8',
      address_line_1: 'college_address_line_1_8',
      city: 'college_city_8',
      state: 'college_state_8',
      zip: 'college_zip_8',
      country: 'college_country_8',
    });
  });

  it('names only keys of the college block, in every slot', () => {
    for (const slot of [1, 3, 8]) {
      const keys = collegeSlotKeys(slot);
      for (const key of Object.values(schoolLookupFills('college_', slot))) expect(keys, key).toContain(key);
    }
  });

  it('tells schools from addresses by category', () => {
    expect(lookupKindOf('address')).toBe('address');
    expect(lookupKindOf('college_ceeb')).toBe('school');
    expect(lookupKindOf('hs_ceeb')).toBe('school');
  });
});

describe('answers from a chosen record', () => {
  it('fills city, state, ZIP and country of an address, with the _desc labels of its selects', () => {
    expect(answersFromRecord(baltimore, addressLookupFills('mailing_'), { kind: 'address' })).toEqual({
      values: { mailing_city: 'Baltimore', mailing_state: 'Maryland', mailing_zip: '21201', mailing_country: 'USA' },
      labels: { mailing_state: 'Maryland', mailing_country: 'United States' },
    });
  });

  it("leaves a select empty when the list holds a value the question does not offer (an imported school in Bavaria), and keeps the rest", () => {
    const munich: LookupRecord = { name: 'Technische Universität München', code: '', address_line_1: 'Arcisstraße 21', city: 'München', state: 'Bavaria', zip: '80333', country: 'DEU' };
    const { values, labels } = answersFromRecord(munich, schoolLookupFills('college_', 1), { kind: 'school' });
    expect(values).toMatchObject({ college_name: 'Technische Universität München', college_city: 'München', college_state: null, college_zip: '80333' });
    expect(labels.college_state).toBeNull();
    for (const [key, value] of Object.entries(values)) if (typeof value === 'string') expect(isStaticChoice(key, value), key).toBe(true);
    const { values: nowhere } = answersFromRecord({ ...baltimore, country: 'XXX' }, addressLookupFills(''), { kind: 'address' });
    expect(nowhere).not.toHaveProperty('country');
  });

  it('leaves the typed street alone when the address data has none', () => {
    const { values } = answersFromRecord({ ...baltimore, address_line_1: '' }, addressLookupFills(''), { kind: 'address' });
    expect(values).not.toHaveProperty('address_line_1');
  });

  it('fills a street when the address data has one (an imported list)', () => {
    const { values } = answersFromRecord({ ...baltimore, address_line_1: '10 Light St' }, addressLookupFills(''), { kind: 'address' });
    expect(values).toMatchObject({ address_line_1: '10 Light St', city: 'Baltimore' });
  });

  it('fills every key of a school, the code included', () => {
    expect(answersFromRecord(school, schoolLookupFills('college_', 3), { kind: 'school' })).toEqual({
      values: {
        college_name_3: 'University of Maryland, College Park',
        college_ceeb_3: '5814',
        college_address_line_1_3: '7999 Regents Dr',
        college_city_3: 'College Park',
        college_state_3: 'Maryland',
        college_zip_3: '20742',
        college_country_3: 'USA',
      },
      labels: { college_state_3: 'Maryland', college_country_3: 'United States' },
    });
  });

  it('clears what a school record lacks, so nothing of an earlier school is left', () => {
    const abroad: LookupRecord = { name: 'University of Toronto', city: 'Toronto', state: '', zip: '', country: 'CAN' };
    expect(answersFromRecord(abroad, schoolLookupFills('college_', 1), { kind: 'school' })).toEqual({
      values: {
        college_name: 'University of Toronto',
        college_ceeb: null,
        college_address_line_1: null,
        college_city: 'Toronto',
        college_state: null,
        college_zip: null,
        college_country: 'CAN',
      },
      labels: { college_state: null, college_country: 'Canada' },
    });
  });
});

describe('a failed detail lookup', () => {
  it('makes the label the school name and clears the code', () => {
    expect(answersFromLabel('Goucher College', schoolLookupFills('college_', 2), { kind: 'school' })).toEqual({
      values: { college_name_2: 'Goucher College', college_ceeb_2: null },
      labels: {},
    });
  });

  it('makes the label the street of an address', () => {
    expect(answersFromLabel('Baltimore, MD 21201', addressLookupFills('mailing_'), { kind: 'address' })).toEqual({
      values: { mailing_address_line_1: 'Baltimore, MD 21201' },
      labels: {},
    });
  });
});

describe('lookup questions', () => {
  it('carry their search definition', () => {
    const lookup = { category: 'college_ceeb', fills: schoolLookupFills('college_', 1) } as const;
    expect(lookupQuestion('college_name', 'Search for Your School', lookup, { hint: 'h' })).toEqual({
      key: 'college_name',
      widget: 'lookup',
      label: 'Search for Your School',
      lookup,
      hint: 'h',
    });
  });

  it('make ZIP/Postal Code the address search of both About addresses', () => {
    const questions = aboutPage.sections.flatMap((section) => section.questions);
    for (const prefix of ['', 'mailing_']) {
      const zip = questions.find((question) => question.key === `${prefix}zip`);
      expect(zip).toMatchObject({ widget: 'lookup', label: 'ZIP/Postal Code', lookup: { category: 'address', fills: addressLookupFills(prefix) } });
      const labels = Object.fromEntries(questions.filter((q) => q.key.startsWith(prefix)).map((q) => [q.key, q.label]));
      expect(labels).toMatchObject({
        [`${prefix}address_line_1`]: 'Address',
        [`${prefix}address_line_2`]: 'Apt. #',
        [`${prefix}city`]: 'City',
        [`${prefix}state`]: 'State/Province',
        [`${prefix}country`]: 'Country',
      });
    }
  });

  it("give every college the widget's default labels: State/Province and ZIP/Postal Code, as the About addresses", () => {
    const colleges = educationPage.sections.find((section) => section.id === 'colleges')!;
    for (const [index, slot] of expandRepeatedSection(colleges).entries()) {
      const suffix = index === 0 ? '' : `_${index + 1}`;
      const labels = Object.fromEntries(slot.questions.map((question) => [question.key.slice(0, question.key.length - suffix.length), question.label]));
      expect(labels).toMatchObject({
        college_address_line_1: 'Address',
        college_city: 'City',
        college_state: 'State/Province',
        college_zip: 'ZIP/Postal Code',
        college_country: 'Country',
      });
    }
  });
});

describe('the school code of the colleges attended (form-content section 2, widget 1: a hidden school code)', () => {
  const colleges = educationPage.sections.find((section) => section.id === 'colleges')!;
  const slots = expandRepeatedSection(colleges);
  const search = (slot: number) => slots[slot - 1]!.questions.find((question) => question.widget === 'lookup')!;

  it('is asked by no question: no field shows it, and no hint promises to fill it', () => {
    const asked = educationPage.sections.flatMap(allQuestions);
    expect(asked.filter((question) => /_ceeb(_\d)?$/.test(question.key))).toEqual([]);
    expect(asked.map((question) => question.label)).not.toContain('School Code');
    expect(asked.filter((question) => /code/i.test(hintText(question) ?? '')).map((question) => question.key)).toEqual([]);
  });

  it('belongs to the school search of its slot: on its page, and cleared with it', () => {
    expect(search(1).lookup?.fills.code).toBe('college_ceeb');
    expect(questionKeys(search(1))).toEqual(['college_name', 'college_ceeb']);
    expect(questionKeys(search(5))).toEqual(['college_name_5', 'college_ceeb_5']);
    expect(pageOfKey('college_ceeb')?.id).toBe('education');
    expect(pageOfKey('college_ceeb_8')?.id).toBe('education');
    // A hidden school search takes its code with it.
    const hiddenSearch = { ...search(1), condition: { valueKey: 'previously_attend', operator: 'equals' as const, target: 'Y' } };
    const page = { ...educationPage, sections: [{ ...colleges, repeat: undefined, questions: [hiddenSearch] }] };
    expect(keysToClear([page], { college_name: 'Towson University', college_ceeb: '5404' }).sort()).toEqual(['college_ceeb', 'college_name']);
  });
});
