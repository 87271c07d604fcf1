// Turns the NCES IPEDS directory file (HD2022, "Institutional Characteristics: Directory
// information", hd2022.csv) into the compact US college list the server seeds from:
//
//   node --import tsx scripts/lookups/extract-ipeds.ts [--obtained-from <where>] path/to/hd2022.csv [output.tsv]
//
// --obtained-from says, in the output's header, where a copy not downloaded from NCES was had
// (the committed file's header names its own).
//
// The output (default backend/lookups/datasets/us-colleges-ipeds-2022.tsv) keeps, of every
// institution that grants degrees (DEGGRANT 1), is active in the year (CYACTIVE 1), is not a
// system office (SECTOR 0) and lies in the 50 states, DC or a territory of the form's state list:
// its unit id, name, street, city, state code and ZIP code. IPEDS data is a work of the US federal government
// (NCES), in the public domain (17 U.S.C. 105). See docs/decisions.md, "Where the US colleges come from".
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stateAbbreviations, usStateOptions, usTerritoryOptions } from '../../common/form/options';
import { IPEDS_COLUMNS, IPEDS_FILE, type IpedsRow } from '../../backend/lookups/seed-us-colleges';

/** The directory's columns this script reads. */
const SOURCE_COLUMNS = ['UNITID', 'INSTNM', 'ADDR', 'CITY', 'STABBR', 'ZIP', 'SECTOR', 'DEGGRANT', 'CYACTIVE'] as const;

/** Postal codes of the 50 states, DC and the territories that the form's State list offers. */
const KEPT_STATES: ReadonlySet<string> = new Set(
  Object.entries(stateAbbreviations)
    .filter(([, name]) => [...usStateOptions, ...usTerritoryOptions].some((option) => option.value === name))
    .map(([code]) => code),
);

export class IpedsSourceError extends Error {
  constructor(line: number, problem: string) {
    super(`line ${line}: ${problem}`);
    this.name = 'IpedsSourceError';
  }
}

/**
 * One line of an NCES CSV. NCES quotes text fields but does not double a quote inside one (a
 * veterans' URL of HD2022 holds `hl="veteran"`), so a general CSV reader refuses the file: here a
 * quote closes a field only where a comma or the line's end follows. No field of the file spans lines.
 */
export function splitNcesLine(line: string, lineNumber: number): string[] {
  const fields: string[] = [];
  let at = 0;
  for (;;) {
    let end: number;
    if (line[at] === '"') {
      end = at + 1;
      for (;;) {
        end = line.indexOf('"', end);
        if (end < 0) throw new IpedsSourceError(lineNumber, 'a quoted field is not closed');
        if (end + 1 === line.length || line[end + 1] === ',') break;
        end += 1;
      }
      fields.push(line.slice(at + 1, end));
      end += 1;
    } else {
      end = line.indexOf(',', at);
      if (end < 0) end = line.length;
      fields.push(line.slice(at, end));
    }
    if (end >= line.length) return fields;
    at = end + 1;
  }
}

const clean = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * The kept institutions in the directory's order (by unit id). NCES writes its CSV files in
 * Windows-1252 ("Bayamón"), read as such. A line with another number of fields than the header,
 * or a header without one of the columns read, refuses the whole file.
 */
export function extractIpedsColleges(content: Buffer): IpedsRow[] {
  const text = new TextDecoder('windows-1252').decode(content);
  const lines = text.split(/\r?\n/);
  const header = splitNcesLine(lines[0]!.replace(/^\uFEFF/, ''), 1).map((name) => name.trim().toUpperCase());
  const missing = SOURCE_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length > 0) throw new IpedsSourceError(1, `the columns ${missing.join(', ')} are missing: is this an IPEDS HD directory file?`);
  const column = Object.fromEntries(SOURCE_COLUMNS.map((name) => [name, header.indexOf(name)])) as Record<(typeof SOURCE_COLUMNS)[number], number>;

  const kept: IpedsRow[] = [];
  for (const [index, line] of lines.entries()) {
    if (index === 0 || line === '') continue;
    const fields = splitNcesLine(line, index + 1);
    if (fields.length !== header.length) throw new IpedsSourceError(index + 1, `expected ${header.length} fields, found ${fields.length}`);
    const value = (name: (typeof SOURCE_COLUMNS)[number]) => clean(fields[column[name]]!);
    if (value('DEGGRANT') !== '1' || value('CYACTIVE') !== '1' || value('SECTOR') === '0' || !KEPT_STATES.has(value('STABBR'))) continue;
    const row: IpedsRow = {
      unitid: value('UNITID'),
      name: value('INSTNM'),
      street: value('ADDR'),
      city: value('CITY'),
      state: value('STABBR'),
      zip: value('ZIP'),
    };
    if (!row.name) throw new IpedsSourceError(index + 1, 'an institution without a name');
    kept.push(row);
  }
  return kept;
}

export interface IpedsProvenance {
  /** The source file's name and SHA-256. */
  file: string;
  sha256: string;
  /** The day of the extraction, YYYY-MM-DD. */
  date: string;
  /** Where the file was obtained, when not from NCES directly. */
  obtainedFrom?: string;
}

/** The data file: where it comes from, what was kept, then the columns and rows, tab-separated. */
export function formatIpedsTsv(rows: readonly IpedsRow[], provenance: IpedsProvenance): string {
  const lines = [
    '# US colleges from the NCES IPEDS directory HD2022 (Institutional Characteristics, directory information).',
    `# Source: ${provenance.file} (sha256 ${provenance.sha256}).`,
    ...(provenance.obtainedFrom ? [`# Obtained via ${provenance.obtainedFrom}.`] : []),
    '# Public domain: a work of the US federal government (NCES), 17 U.S.C. 105.',
    '# Kept: DEGGRANT 1 (degree-granting), CYACTIVE 1 (active in the year), SECTOR not 0 (no system',
    '#   offices), STABBR in the 50 states, DC and the territories of the form\'s State list.',
    `# Extracted ${provenance.date} by scripts/lookups/extract-ipeds.ts: ${rows.length} colleges. Do not edit by hand.`,
    IPEDS_COLUMNS.join('\t'),
  ];
  for (const row of rows) {
    // `clean` made every run of white space one space, tabs and line breaks included.
    lines.push(IPEDS_COLUMNS.map((name) => row[name]).join('\t'));
  }
  return `${lines.join('\n')}\n`;
}

function main(argv: string[]): number {
  const at = argv.indexOf('--obtained-from');
  const obtainedFrom = at >= 0 ? argv[at + 1] : undefined;
  const [input, output = IPEDS_FILE] = at >= 0 ? [...argv.slice(0, at), ...argv.slice(at + 2)] : argv;
  if (!input || input.startsWith('-') || (at >= 0 && !obtainedFrom)) {
    console.error('Usage: node --import tsx scripts/lookups/extract-ipeds.ts [--obtained-from <where>] path/to/hd2022.csv [output.tsv]');
    return 2;
  }
  const content = fs.readFileSync(input);
  const rows = extractIpedsColleges(content);
  const provenance = {
    file: path.basename(input),
    sha256: createHash('sha256').update(content).digest('hex'),
    date: new Date().toISOString().slice(0, 10),
    obtainedFrom,
  };
  fs.writeFileSync(output, formatIpedsTsv(rows, provenance));
  console.log(`Wrote ${rows.length} colleges to ${output}.`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) process.exitCode = main(process.argv.slice(2));
