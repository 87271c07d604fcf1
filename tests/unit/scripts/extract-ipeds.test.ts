import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readUsColleges } from '../../../backend/lookups/seed-us-colleges';
import { extractIpedsColleges, formatIpedsTsv, splitNcesLine } from '../../../scripts/lookups/extract-ipeds';

/** A directory file in the NCES layout: quoted text, bare numbers (some with a leading space), Windows-1252. */
const HEADER = 'UNITID,INSTNM,IALIAS,ADDR,CITY,STABBR,ZIP,SECTOR,DEGGRANT,VETURL,CYACTIVE';
const line = (unitid: number, name: string, street: string, city: string, state: string, zip: string, sector = 1, deggrant = 1, cyactive = 1) =>
  `${unitid},"${name}"," ","${street}","${city}","${state}","${zip}", ${sector},${deggrant},"https://example.edu/?hl="veteran"&x"," ${cyactive}"`;

function directory(...lines: string[]): Buffer {
  return Buffer.from([HEADER, ...lines, ''].join('\r\n'), 'latin1');
}

describe('extracting US colleges from the IPEDS directory file', () => {
  it('keeps degree-granting institutions active in the year, in our states and territories, with their street, city, state and ZIP', () => {
    const rows = extractIpedsColleges(
      directory(
        line(164076, 'Towson University', '8000 York Rd', 'Towson', 'MD', '21252-0001'),
        line(1, 'Not Degree Granting Institute', '1 Main St', 'Towson', 'MD', '21204', 1, 2),
        line(2, 'Closed College', '1 Main St', 'Towson', 'MD', '21204', 1, 1, 3),
        line(3, 'University System of Maryland', '3300 Metzerott Rd', 'Adelphi', 'MD', '20783', 0),
        line(4, 'Overseas Campus', '1 Main St', 'Somewhere', 'AE', '09001'),
        line(241225, 'Universidad Central de Bayam\u00f3n', 'Avenida Zaya Verde', 'Bayam\u00f3n', 'PR', '00960-1725'),
        line(5, 'Palau Community College', 'PO Box 9', 'Koror', 'PW', '96940'),
      ),
    );
    expect(rows).toEqual([
      { unitid: '164076', name: 'Towson University', street: '8000 York Rd', city: 'Towson', state: 'MD', zip: '21252-0001' },
      // Windows-1252 read as such.
      { unitid: '241225', name: 'Universidad Central de Bayamón', street: 'Avenida Zaya Verde', city: 'Bayamón', state: 'PR', zip: '00960-1725' },
      { unitid: '5', name: 'Palau Community College', street: 'PO Box 9', city: 'Koror', state: 'PW', zip: '96940' },
    ]);
  });

  it('makes a blank street empty and every run of white space one space', () => {
    const [row] = extractIpedsColleges(directory(line(6, 'Clayton  State University', ' ', 'Fort  Morgan ', 'CO', '80701')));
    expect(row).toMatchObject({ name: 'Clayton State University', street: '', city: 'Fort Morgan' });
  });

  it('reads a quote inside a quoted field, as NCES writes it, and refuses a line with a field too many or a column missing', () => {
    expect(splitNcesLine('1,"a "b" c",,"d"', 1)).toEqual(['1', 'a "b" c', '', 'd']);
    expect(() => extractIpedsColleges(directory(`${line(7, 'A', 'B', 'C', 'MD', '21201')},"extra"`))).toThrow(/line 2: expected 11 fields, found 12/);
    expect(() => extractIpedsColleges(Buffer.from('UNITID,INSTNM\r\n1,"A"\r\n'))).toThrow(/ADDR, CITY, STABBR, ZIP, SECTOR, DEGGRANT, CYACTIVE are missing/);
    expect(() => splitNcesLine('1,"open', 9)).toThrow(/line 9: a quoted field is not closed/);
  });

  it('writes a data file the server reads back, with its source in the header', () => {
    const rows = extractIpedsColleges(directory(line(164076, 'Towson University', '8000 York Rd', 'Towson', 'MD', '21252-0001')));
    const text = formatIpedsTsv(rows, { file: 'hd2022.csv', sha256: 'abc', date: '2026-01-02', obtainedFrom: 'a mirror, path hd2022.csv' });
    expect(text).toMatch(/^# US colleges from the NCES IPEDS directory HD2022/);
    expect(text).toContain('# Source: hd2022.csv (sha256 abc).\n# Obtained via a mirror, path hd2022.csv.\n');
    expect(formatIpedsTsv(rows, { file: 'hd2022.csv', sha256: 'abc', date: '2026-01-02' })).not.toContain('Obtained via');
    expect(text).toContain('Extracted 2026-01-02 by scripts/lookups/extract-ipeds.ts: 1 colleges.');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipeds-'));
    try {
      fs.writeFileSync(path.join(dir, 'out.tsv'), text);
      expect(readUsColleges(path.join(dir, 'out.tsv'))).toEqual([
        { code: '', name: 'Towson University', address_line_1: '8000 York Rd', city: 'Towson', state: 'Maryland', zip: '21252-0001', country: 'USA' },
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
