import { describe, expect, it } from 'vitest';
import { indexWords, normalizeText, prefixEnd, queryWords } from '../../../backend/lookups/normalize';

describe('lookup normal form', () => {
  it('ignores case and accents', () => {
    expect(normalizeText('Université de Montréal')).toBe('universite de montreal');
    expect(normalizeText('UNIVERSITE DE MONTREAL')).toBe('universite de montreal');
    expect(normalizeText('São Tomé')).toBe('sao tome');
    expect(normalizeText('Çukurova Üniversitesi')).toBe('cukurova universitesi');
  });

  it('spells out letters that carry no combining mark', () => {
    expect(normalizeText('Technische Universität München, Straße')).toBe('technische universitat munchen strasse');
    expect(normalizeText('Ørsted Æble Łódź')).toBe('orsted aeble lodz');
  });

  it('folds compatibility forms: ligatures and full-width letters', () => {
    expect(normalizeText('ﬁnance')).toBe('finance');
    expect(normalizeText('ＭＩＴ')).toBe('mit');
  });

  it('folds punctuation to single spaces and trims', () => {
    expect(normalizeText('  Indiana University-Purdue University (IUPUI), Indianapolis. ')).toBe(
      'indiana university purdue university iupui indianapolis',
    );
    expect(normalizeText('Texas A&M')).toBe('texas a m');
    expect(normalizeText('%_\\')).toBe('');
  });

  it('drops apostrophes so "St. Mary\'s" reads "st marys"', () => {
    expect(normalizeText("St. Mary's College")).toBe('st marys college');
    expect(normalizeText('St. Mary’s College')).toBe('st marys college');
  });

  it('keeps letters of every script and digits', () => {
    expect(normalizeText('國立中正大學')).toBe('國立中正大學');
    expect(normalizeText('Baltimore, MD 21201')).toBe('baltimore md 21201');
  });
});

describe('index words', () => {
  it('are the distinct words of the name, with apostrophes read both ways', () => {
    expect(indexWords("O'Brien's College of O'Brien")).toEqual(['obriens', 'college', 'of', 'obrien', 'o', 'brien', 's']);
    expect(indexWords('University of Maryland, Baltimore County')).toEqual(['university', 'of', 'maryland', 'baltimore', 'county']);
  });
});

describe('query words', () => {
  it('normalizes and drops repeats and words implied by a longer one', () => {
    expect(queryWords('Univ  MARY')).toEqual(['univ', 'mary']);
    expect(queryWords('u university of of')).toEqual(['university', 'of']);
    expect(queryWords('Montréal montreal')).toEqual(['montreal']);
  });

  it('is empty for text without letters or digits', () => {
    expect(queryWords(' -- !! ')).toEqual([]);
  });
});

describe('prefix range', () => {
  it('bounds every normal form that starts with the prefix, in binary order', () => {
    const inside = ['univ', 'university', 'universität', 'univ國', 'univzzzz'].map(normalizeText);
    const outside = ['univa'.slice(0, 3), 'unix', 'uniw', 'unj'];
    const bytes = (value: string) => Buffer.from(value, 'utf8');
    const end = bytes(prefixEnd('univ'));
    for (const value of inside) {
      expect(Buffer.compare(bytes(value), bytes('univ'))).toBeGreaterThanOrEqual(0);
      expect(Buffer.compare(bytes(value), end)).toBeLessThan(0);
    }
    for (const value of outside) {
      const inRange = Buffer.compare(bytes(value), bytes('univ')) >= 0 && Buffer.compare(bytes(value), end) < 0;
      expect(inRange).toBe(false);
    }
  });
});
