import { describe, expect, it } from 'vitest';
import { roleKeys } from '../../../../common/form/answer-roles';
import { APPLICANT_NAME_KEYS, applicantName, applicantNameParts, greetingName } from '../../../../common/form/applicant-name';

describe('the applicant name every view shows', () => {
  it("reads the keys of the shipped form's name roles", () => {
    expect(APPLICANT_NAME_KEYS).toEqual([roleKeys.firstName, roleKeys.middleName, roleKeys.lastName, roleKeys.preferredName]);
  });

  it('is first, middle and last name as answered, trimmed, the missing ones left out', () => {
    expect(applicantName({ first_name: ' Ada ', middle_name: 'Augusta', last_name: 'Lovelace ' })).toBe('Ada Augusta Lovelace');
    expect(applicantName({ first_name: 'Ada', middle_name: '  ', last_name: 'Lovelace' })).toBe('Ada Lovelace');
    expect(applicantName({ last_name: 'Lovelace', preferred_name: 'Addie' })).toBe('Lovelace');
    expect(applicantName({ first_name: true, last_name: null })).toBe('');
  });

  it('greets by the preferred name, else the first name', () => {
    expect(greetingName({ first_name: 'Ada', preferred_name: ' Addie ' })).toBe('Addie');
    expect(greetingName({ first_name: 'Ada', preferred_name: ' ' })).toBe('Ada');
    expect(greetingName({})).toBe('');
  });

  it('gives each part for the views that order them their own way (the PDF file name, the inbox sort)', () => {
    expect(applicantNameParts({ first_name: 'Ada', last_name: 'Lovelace' })).toEqual({ first: 'Ada', middle: '', last: 'Lovelace', preferred: '' });
  });
});
