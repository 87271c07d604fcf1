import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stateOptions } from '../../../common/form/options';
import { normalizeText } from '../../../backend/lookups/normalize';
import { readDefaultSchools } from '../../../backend/lookups/seed-schools';
import { IPEDS_FILE, readUsColleges } from '../../../backend/lookups/seed-us-colleges';

/** The default college data: US colleges with their address, then the rest of the world by name. */
describe('US colleges from the IPEDS data file', () => {
  const colleges = readUsColleges();
  const named = (name: string) => colleges.filter((college) => college.name === name);

  it('reads every college with its city, a state of our list and a ZIP code, in the USA, with no code', () => {
    expect(colleges.length).toBeGreaterThan(4_000);
    const states = new Set(stateOptions.map((option) => option.value));
    for (const college of colleges) {
      expect(college.city, college.name).not.toBe('');
      expect(states.has(college.state), `${college.name}: ${college.state}`).toBe(true);
      expect(college.zip, college.name).toMatch(/^\d{5}(-\d{4})?$/);
      expect(college).toMatchObject({ code: '', country: 'USA' });
    }
    // IPEDS gives nearly every college its street.
    expect(colleges.filter((college) => college.address_line_1 !== '').length).toBeGreaterThan(colleges.length - 20);
  });

  it('gives Towson University its street, city, state and ZIP code', () => {
    expect(named('Towson University')).toEqual([
      { code: '', name: 'Towson University', address_line_1: '8000 York Rd', city: 'Towson', state: 'Maryland', zip: '21252-0001', country: 'USA' },
    ]);
  });

  it('answers the District of Columbia, a territory and a New England ZIP code in the answer model format', () => {
    expect(named('Georgetown University')).toMatchObject([{ address_line_1: '37th and O St NW', city: 'Washington', state: 'District of Columbia' }]);
    expect(named('University of Puerto Rico-Rio Piedras')).toMatchObject([{ city: 'San Juan', state: 'Puerto Rico', country: 'USA' }]);
    expect(named('University of Connecticut')).toMatchObject([{ city: 'Storrs', state: 'Connecticut', zip: '06269' }]);
  });

  it('leaves the street empty where IPEDS has none', () => {
    expect(named('Auburn University')).toMatchObject([{ address_line_1: '', city: 'Auburn', state: 'Alabama', zip: '36849' }]);
  });

  it('keeps colleges of one name in different cities apart', () => {
    expect(named('Union College').map((college) => `${college.city}, ${college.state}`).sort()).toEqual(['Barbourville, Kentucky', 'Lincoln, Nebraska', 'Schenectady, New York']);
  });

  describe('reading a data file', () => {
    const HEADER = '# a note\nunitid\tname\tstreet\tcity\tstate\tzip\n';
    function read(text: string) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipeds-'));
      const file = path.join(dir, 'colleges.tsv');
      fs.writeFileSync(file, text);
      try {
        return readUsColleges(file);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }

    it('takes a blank street as empty, leaves a state off our list and a ZIP that is not one empty, and lists a name in one city once', () => {
      const colleges = read(
        `${HEADER}1\tA  College\t \tTown\tMD\t21201\n2\tB College\t1 Main St\tTown\tZZ\t2120\n3\tA College\t2 Other St\tTown\tMD\t21201\n`,
      );
      expect(colleges).toEqual([
        { code: '', name: 'A College', address_line_1: '', city: 'Town', state: 'Maryland', zip: '21201', country: 'USA' },
        { code: '', name: 'B College', address_line_1: '1 Main St', city: 'Town', state: '', zip: '', country: 'USA' },
      ]);
    });

    it('refuses a file whose columns or fields are not the expected ones, naming the line', () => {
      expect(() => read('unitid\tname\tcity\n')).toThrow(/line 1: expected the columns unitid, name, street, city, state, zip/);
      expect(() => read(`${HEADER}1\tA College\tTown\tMD\n`)).toThrow(/line 3: expected 6 fields, found 4/);
      expect(() => read('# only notes\n')).toThrow(/no header line/);
    });
  });

  it('is the committed data file, which says where it comes from and that it is public domain', () => {
    const head = fs.readFileSync(IPEDS_FILE, 'utf8').split('\n').filter((line) => line.startsWith('#')).join('\n');
    expect(head).toContain('NCES IPEDS directory HD2022');
    expect(head).toContain('NathanKhuat3/Research_Paper');
    expect(head).toContain('Public domain');
  });
});

describe('the default college data', () => {
  const schools = readDefaultSchools();
  const named = (name: string) => schools.filter((school) => normalizeText(school.name) === normalizeText(name));

  it('lists a US college once, with its place, not again by name only from the academic domains', () => {
    expect(named('Towson University')).toEqual([expect.objectContaining({ city: 'Towson', state: 'Maryland', country: 'USA' })]);
    // "The University of Alabama" in the US list is "University of Alabama" in the domain list.
    expect(named('University of Alabama')).toEqual([]);
    expect(named('The University of Alabama')).toEqual([expect.objectContaining({ city: 'Tuscaloosa', state: 'Alabama' })]);
  });

  it('keeps the schools of other countries, and US schools the US list lacks, by name and country', () => {
    expect(named('Université de Montréal')).toEqual([expect.objectContaining({ country: 'CAN', city: '' })]);
    expect(named('Lincoln University').map((school) => school.country)).toContain('NZL');
    const usByNameOnly = schools.filter((school) => school.country === 'USA' && school.city === '');
    expect(usByNameOnly.length).toBeGreaterThan(500);
  });

  it('has no school codes: no public list of CEEB codes exists to seed from', () => {
    expect(schools.filter((school) => school.code !== '')).toEqual([]);
  });
});
