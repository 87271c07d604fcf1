import type { LookupCategory } from '../../common/api';
import type { LookupStore, LookupWriteResult } from './lookups-store';
import { CsvError, parseCsv } from './csv';
import { normalizeText } from './normalize';
import { countryCode, countryOfState, stateName } from './places';
import { emptyLookupFields, isSchoolCategory, prepareRecord, type LookupFields } from './records';

/**
 * Lookup data from a CSV file (`npm run lookups:import`), so that a university can load its
 * licensed CEEB lists. The columns are documented in README.md ("Lookup data").
 */
export const CSV_COLUMNS = ['code', 'name', 'address_line_1', 'city', 'state', 'zip', 'country'] as const;
type CsvColumn = (typeof CSV_COLUMNS)[number];

/** Longest value taken in any column; the longest school names are about 150 characters. */
export const CSV_FIELD_MAX_LENGTH = 200;
const MAX_PROBLEMS_LISTED = 50;

/** Countries whose addresses use the postal abbreviations of `stateOptions`. */
const POSTAL_STATE_COUNTRIES = new Set(['USA', 'CAN', 'PRI', 'GUM', 'VIR', 'ASM', 'MNP', 'FSM', 'MHL', 'PLW']);

/** A file that cannot be imported; each problem names its line. Nothing was written. */
export class LookupImportError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'LookupImportError';
  }
}

/** The records of a CSV file, in the answer model's formats, or every problem found in it. */
export function readLookupCsv(category: LookupCategory, content: string | Uint8Array): LookupFields[] {
  const text = typeof content === 'string' ? content : decodeUtf8(content);
  let rows;
  try {
    rows = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) throw new LookupImportError([error.message]);
    throw error;
  }
  const [header, ...body] = rows;
  if (!header) throw new LookupImportError([`line 1: the file is empty; it needs a header row naming the columns (${CSV_COLUMNS.join(', ')})`]);
  const columns = readHeader(category, header.fields, header.line);
  if (body.length === 0) throw new LookupImportError([`line ${header.line + 1}: the file has a header but no records`]);

  const problems: string[] = [];
  const records: LookupFields[] = [];
  const codeLines = new Map<string, number>();
  for (const row of body) {
    const problem = (message: string) => problems.push(`line ${row.line}: ${message}`);
    if (row.fields.length !== columns.length) {
      problem(`expected ${columns.length} fields as in the header, found ${row.fields.length}`);
      continue;
    }
    const raw: LookupFields = { ...emptyLookupFields };
    columns.forEach((column, index) => {
      raw[column] = row.fields[index]!.replace(/\s+/g, ' ').trim();
    });
    const before = problems.length;
    for (const column of CSV_COLUMNS) {
      if (raw[column].length > CSV_FIELD_MAX_LENGTH) problem(`${column} is longer than ${CSV_FIELD_MAX_LENGTH} characters`);
    }
    const required = isSchoolCategory(category) ? 'name' : 'city';
    if (!raw[required]) problem(`${required} is empty`);
    else if (!normalizeText(raw[required])) problem(`${required} has no letters or digits, so it could never be found`);
    const place = readPlace(raw.state, raw.country);
    if (typeof place === 'string') problem(place);
    if (raw.code) {
      const earlier = codeLines.get(raw.code);
      if (earlier !== undefined) problem(`code "${raw.code}" is also on line ${earlier}`);
      else codeLines.set(raw.code, row.line);
    }
    if (problems.length === before && typeof place !== 'string') records.push({ ...raw, ...place });
  }
  if (problems.length > 0) {
    const listed = problems.slice(0, MAX_PROBLEMS_LISTED);
    if (problems.length > listed.length) listed.push(`... and ${problems.length - listed.length} more`);
    throw new LookupImportError(listed);
  }
  return records;
}

export interface LookupImportResult extends LookupWriteResult {
  rows: number;
}

/**
 * Reads the whole file, then writes it in one transaction: `replace` swaps the category's records
 * for the file's; otherwise records whose code matches are updated and the rest added.
 */
export async function importLookupCsv(
  store: { lookups: LookupStore },
  category: LookupCategory,
  content: string | Uint8Array,
  options: { replace: boolean; source: string; now: number },
): Promise<LookupImportResult> {
  const records = readLookupCsv(category, content).map((fields) => prepareRecord(category, fields));
  const result = await store.lookups.write(category, records, { mode: options.replace ? 'replace' : 'merge', source: options.source, now: options.now });
  return { ...result, rows: records.length };
}

function readHeader(category: LookupCategory, names: string[], line: number): CsvColumn[] {
  const problems: string[] = [];
  const columns = names.map((name) => name.trim().toLowerCase().replace(/[\s-]+/g, '_'));
  columns.forEach((column, index) => {
    if (!(CSV_COLUMNS as readonly string[]).includes(column)) {
      problems.push(`line ${line}: unknown column "${names[index]!.trim()}"; the columns are ${CSV_COLUMNS.join(', ')}`);
    } else if (columns.indexOf(column) !== index) {
      problems.push(`line ${line}: column "${column}" appears twice`);
    }
  });
  const required: CsvColumn = isSchoolCategory(category) ? 'name' : 'city';
  if (!columns.includes(required)) problems.push(`line ${line}: the header has no "${required}" column, which ${category} records need`);
  if (problems.length > 0) throw new LookupImportError(problems);
  return columns as CsvColumn[];
}

/**
 * State as a full name (any case, accents optional) or postal abbreviation, made the full name of
 * `stateOptions` for the US, its territories and Canada (elsewhere a region is kept as written);
 * country as an alpha-3 or alpha-2 code or an English name, made alpha-3, and when empty taken
 * from a US state or Canadian province. Returns the problem when there is one.
 */
function readPlace(stateInput: string, countryInput: string): { state: string; country: string } | string {
  let country = '';
  if (countryInput) {
    const code = countryCode(countryInput);
    if (!code) return `unknown country "${countryInput}" (use an ISO code such as USA or US, or an English name such as United States)`;
    country = code;
  }
  if (!stateInput || (country && !POSTAL_STATE_COUNTRIES.has(country))) return { state: stateInput, country };
  const state = stateName(stateInput);
  if (!state) return `unknown state or province "${stateInput}" (use a full name such as Maryland or an abbreviation such as MD)`;
  return { state, country: country || countryOfState(state) };
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const text = new TextDecoder('utf-8').decode(bytes);
    const line = text.slice(0, text.indexOf('\uFFFD')).split(/\r\n|\r|\n/).length;
    throw new LookupImportError([`line ${line}: the file is not UTF-8 text (save it as "CSV UTF-8")`]);
  }
}
