import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from '../../../../backend/export/csv-line';

describe('csvField', () => {
  it('quotes every field, quotes doubled, and keeps the text as it is', () => {
    expect(csvField('plain')).toBe('"plain"');
    expect(csvField('王小明')).toBe('"王小明"');
    expect(csvField("O'Brien, Jr.")).toBe('"O\'Brien, Jr."');
    expect(csvField('Mary "May"')).toBe('"Mary ""May"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' edge ')).toBe('" edge "');
    expect(csvField('1-2, 3;4')).toBe('"1-2, 3;4"');
    expect(csvField(undefined)).toBe('""');
    expect(csvField(null)).toBe('""');
    expect(csvField(true)).toBe('"true"');
    expect(csvLine(['a', undefined, 'b"c'])).toBe('"a","","b""c"\r\n');
  });

  it('makes a formula at the start of the field text for a spreadsheet', () => {
    expect(csvField('=1+1')).toBe('"\'=1+1"');
    expect(csvField('+44 20')).toBe('"\'+44 20"');
    expect(csvField('-2')).toBe('"\'-2"');
    expect(csvField('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('  =1+1')).toBe('"\'  =1+1"');
    expect(csvField('\tx')).toBe('"\'\tx"');
    expect(csvField('\rx')).toBe('"\'\rx"');
  });

  it('makes a formula text wherever a spreadsheet splitting on tab, line break, comma or semicolon would start a cell', () => {
    expect(csvField('Towson\t=3+4')).toBe('"Towson\t\'=3+4"');
    expect(csvField('Fairfax;=2+5;')).toBe('"Fairfax;\'=2+5;"');
    expect(csvField('Fairfax; =2+5')).toBe('"Fairfax;\' =2+5"');
    expect(csvField('Baltimore,"=4+4"')).toBe('"Baltimore,\'""=4+4"""');
    expect(csvField('one\r\n-1+1\n@SUM(1)\r+2')).toBe('"one\r\n\'-1+1\n\'@SUM(1)\r\'+2"');
    expect(csvField('\t=1')).toBe('"\'\t\'=1"');
    expect(csvField('a;b,c\td')).toBe('"a;b,c\td"');
  });
});
