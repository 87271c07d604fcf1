/**
 * A small RFC 4180 CSV reader: comma-separated, fields optionally in double quotes (which may hold
 * commas, line breaks and doubled quotes), LF, CRLF or CR line ends, an optional UTF-8 byte order
 * mark. Strict where a loose reader would guess: a stray quote is an error, reported with the
 * line it is on, so that a damaged file is refused instead of half-read.
 */

export interface CsvRow {
  /** The line the record starts on, counting from 1. */
  line: number;
  fields: string[];
}

export class CsvError extends Error {
  constructor(
    readonly line: number,
    readonly problem: string,
  ) {
    super(`line ${line}: ${problem}`);
    this.name = 'CsvError';
  }
}

/** Every record of the text; blank lines are skipped. */
export function parseCsv(text: string): CsvRow[] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: CsvRow[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let rowLine = 1;
  let quoteLine = 0;
  let inQuotes = false;
  /** The current field was quoted and its closing quote has been read. */
  let closed = false;
  /** The current field was quoted (so an empty record is not a blank line). */
  let quoted = false;

  const endField = () => {
    fields.push(field);
    field = '';
    closed = false;
  };
  const endRow = () => {
    endField();
    const blank = fields.length === 1 && fields[0] === '' && !quoted;
    if (!blank) rows.push({ line: rowLine, fields });
    fields = [];
    quoted = false;
  };

  for (let index = 0; index < input.length; index += 1) {
    const char = input[index]!;
    const isLineEnd = char === '\n' || char === '\r';
    if (isLineEnd && char === '\r' && input[index + 1] === '\n') index += 1;

    if (inQuotes) {
      if (char === '"') {
        if (input[index + 1] === '"') {
          field += '"';
          index += 1;
        } else {
          inQuotes = false;
          closed = true;
        }
      } else if (isLineEnd) {
        field += '\n';
        line += 1;
      } else {
        field += char;
      }
      continue;
    }

    if (char === ',') {
      endField();
    } else if (isLineEnd) {
      endRow();
      line += 1;
      rowLine = line;
    } else if (closed) {
      throw new CsvError(line, 'unexpected text after a closing quote (a quote inside a quoted field is written twice: "")');
    } else if (char === '"') {
      if (field !== '') {
        throw new CsvError(line, 'a quote inside an unquoted field (put the whole field in double quotes and write the quote twice: "")');
      }
      inQuotes = true;
      quoted = true;
      quoteLine = line;
    } else {
      field += char;
    }
  }
  if (inQuotes) throw new CsvError(quoteLine, 'a quoted field is never closed (its closing double quote is missing)');
  if (field !== '' || fields.length > 0 || closed) endRow();
  return rows;
}
