import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { US_COUNTRY_CODE } from '../../common/form/options';
import { stateName } from './places';
import { emptyLookupFields, type LookupFields } from './records';

/**
 * US colleges with their street, city, state and ZIP code, from the US Department of Education's
 * IPEDS directory (NCES, HD2022; public domain). `scripts/lookups/extract-ipeds.ts` turns the
 * directory file into the compact data file below (its header says what was kept and from where);
 * the server reads only that file. IPEDS has no school codes (CEEB codes are the College Board's).
 */

/** The data file's columns, in order (the extraction script writes them, `readUsColleges` checks them). */
export const IPEDS_COLUMNS = ['unitid', 'name', 'street', 'city', 'state', 'zip'] as const;
export type IpedsRow = Record<(typeof IPEDS_COLUMNS)[number], string>;

/**
 * Beside this module in backend/lookups/datasets, and beside the compiled server in dist/backend/datasets
 * (build/build-backend.mjs copies the folder): the same relative URL from both.
 */
export const IPEDS_FILE = fileURLToPath(new URL('./datasets/us-colleges-ipeds-2022.tsv', import.meta.url));

/** The data's edition, named in the seed's log and the lookup's source. */
export const IPEDS_EDITION = 'NCES IPEDS HD2022';

export class IpedsFileError extends Error {
  constructor(file: string, line: number, problem: string) {
    super(`${file}, line ${line}: ${problem}`);
    this.name = 'IpedsFileError';
  }
}

/** Tab-separated, one college a line, the columns named once; lines starting with '#' say where the data comes from. */
export function parseIpedsTsv(text: string, file = IPEDS_FILE): IpedsRow[] {
  const rows: IpedsRow[] = [];
  let header = false;
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    if (line === '' || line.startsWith('#')) continue;
    const fields = line.split('\t');
    if (!header) {
      if (fields.join('\t') !== IPEDS_COLUMNS.join('\t')) throw new IpedsFileError(file, index + 1, `expected the columns ${IPEDS_COLUMNS.join(', ')}`);
      header = true;
      continue;
    }
    if (fields.length !== IPEDS_COLUMNS.length) throw new IpedsFileError(file, index + 1, `expected ${IPEDS_COLUMNS.length} fields, found ${fields.length}`);
    rows.push(Object.fromEntries(IPEDS_COLUMNS.map((column, at) => [column, fields[at]!])) as IpedsRow);
  }
  if (!header) throw new IpedsFileError(file, 1, 'no header line');
  return rows;
}

const clean = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * The colleges in the answer model's formats. A blank street is empty (the applicant types one); a
 * state that is not on our list stays empty; a ZIP that is not a ZIP or ZIP+4 code is left out.
 * Colleges of one name in one city and state are listed once (IPEDS counts some campuses apart).
 */
export function readUsColleges(file = IPEDS_FILE): LookupFields[] {
  const colleges: LookupFields[] = [];
  const seen = new Set<string>();
  for (const row of parseIpedsTsv(fs.readFileSync(file, 'utf8'), file)) {
    const name = clean(row.name);
    if (!name) continue;
    const city = clean(row.city);
    const state = stateName(row.state) ?? '';
    const key = `${name}|${city}|${state}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const zip = /^\d{5}(-\d{4})?$/.test(row.zip.trim()) ? row.zip.trim() : '';
    colleges.push({ ...emptyLookupFields, name, address_line_1: clean(row.street), city, state, zip, country: US_COUNTRY_CODE });
  }
  return colleges;
}
