import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv } from '../../../backend/lookups/csv';

function errorOf(text: string): CsvError {
  try {
    parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) return error;
    throw error;
  }
  throw new Error('expected a CsvError');
}

describe('CSV parser', () => {
  it('reads rows of comma-separated fields with their line numbers', () => {
    expect(parseCsv('code,name\n1,Alpha\n2,Beta\n')).toEqual([
      { line: 1, fields: ['code', 'name'] },
      { line: 2, fields: ['1', 'Alpha'] },
      { line: 3, fields: ['2', 'Beta'] },
    ]);
  });

  it('reads quoted fields holding commas, doubled quotes and line breaks', () => {
    const rows = parseCsv('name,city\n"Maryland Institute, College of Art",Baltimore\n"The ""New"" School","New\nYork"\nlast,row');
    expect(rows).toEqual([
      { line: 1, fields: ['name', 'city'] },
      { line: 2, fields: ['Maryland Institute, College of Art', 'Baltimore'] },
      { line: 3, fields: ['The "New" School', 'New\nYork'] },
      { line: 5, fields: ['last', 'row'] },
    ]);
  });

  it('takes CRLF and CR line ends and a byte order mark', () => {
    const expected = [
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', '2'] },
    ];
    expect(parseCsv('\uFEFFa,b\r\n1,2\r\n')).toEqual(expected);
    expect(parseCsv('a,b\r1,2')).toEqual(expected);
    expect(parseCsv('"a","b"\r\n"1","2"')).toEqual(expected);
  });

  it('keeps empty fields and skips blank lines', () => {
    expect(parseCsv('a,b,c\n\n1,,\n\r\n,,3\n\n')).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 3, fields: ['1', '', ''] },
      { line: 5, fields: ['', '', '3'] },
    ]);
    expect(parseCsv('a\n""\n')).toEqual([
      { line: 1, fields: ['a'] },
      { line: 2, fields: [''] },
    ]);
  });

  it('reports an unterminated quote at the line where it opens', () => {
    const error = errorOf('name,city\nAlpha,Baltimore\n"Beta, Inc,Towson\nGamma,Laurel\n');
    expect(error.line).toBe(3);
    expect(error.message).toMatch(/^line 3: a quoted field is never closed/);
  });

  it('reports a stray quote inside an unquoted field, and text after a closing quote', () => {
    expect(errorOf('a,b\n1,2\n5" floppy,3\n').message).toMatch(/^line 3: a quote inside an unquoted field/);
    expect(errorOf('a,b\n"x"y,2\n').message).toMatch(/^line 2: unexpected text after a closing quote/);
    expect(errorOf('a,b\n"multi\nline"oops,2\n').line).toBe(3);
  });

  it('reads an empty text as no rows', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\uFEFF\r\n\r\n')).toEqual([]);
  });
});
