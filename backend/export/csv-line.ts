/**
 * Where a spreadsheet may begin a cell inside a field: at the field's start, or after any tab,
 * line break, comma or semicolon in it, since a spreadsheet opening the file with another
 * separator than ours (or none honouring our quotes) splits there. A cell that begins, past
 * spaces and quotes, with = + - or @ is a formula to a spreadsheet; so is a field beginning with
 * a tab or a carriage return to some.
 */
const FORMULA_START = /(?<=^|[\t\r\n,;])(?=(?:[^\S\t\r\n]|")*[=+\-@])|^(?=[\t\r])/g;

/**
 * One CSV field (RFC 4180), always quoted, quotes doubled. Every place a spreadsheet could start
 * a formula gets an apostrophe, so opening the file runs nothing an applicant typed, whatever
 * separator the spreadsheet splits it on (docs/decisions.md, "Exports").
 */
export function csvField(value: unknown): string {
  const text = value === undefined || value === null ? '' : String(value);
  return `"${text.replace(FORMULA_START, "'").replace(/"/g, '""')}"`;
}

/** One CSV record: its fields, then CRLF. */
export const csvLine = (fields: readonly unknown[]) => `${fields.map(csvField).join(',')}\r\n`;
