import { describe, expect, it } from 'vitest';
import { labelOfKey } from '../../../../common/form/pages';
import { answersCsv, zipSafeName } from '../../../../backend/applicant-data/my-data-zip';

describe("Download my data's zip", () => {
  it('names a file with no folder separator, control character or leading dot', () => {
    expect(zipSafeName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(zipSafeName('a\\b:c\u0000d\u007f.pdf')).toBe('a_b_c_d_.pdf');
    expect(zipSafeName('...')).toBe('file');
    expect(zipSafeName('Résumé 😀.docx')).toBe('Résumé 😀.docx');
  });

  it('lists the answers in the form order by label, with the chosen option and the stored value', () => {
    const lines = answersCsv({ last_name: 'Lovelace', first_name: 'Ada', campus_preferrence: 'M', campus_preferrence_desc: 'Main Campus', not_a_key: 'kept' }).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('"Question","Answer","Stored value","Key"');
    expect(lines.indexOf(`"${labelOfKey('first_name')}","Ada","Ada","first_name"`)).toBeLessThan(lines.indexOf(`"${labelOfKey('last_name')}","Lovelace","Lovelace","last_name"`));
    expect(lines).toContain(`"${labelOfKey('campus_preferrence')}","Main Campus","M","campus_preferrence"`);
    expect(lines.some((line) => line.endsWith('"campus_preferrence_desc"'))).toBe(false);
    expect(lines.at(-2)).toBe('"not_a_key","kept","kept","not_a_key"');
  });
});
