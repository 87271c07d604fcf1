import { decodePDFRawStream, PDFArray, PDFDict, PDFName, PDFNumber, PDFObjectParser, PDFRawStream, type PDFContext, type PDFDocument } from '@cantoo/pdf-lib';

/** Where an in-use object should be: its number, generation and byte offset. */
interface Entry {
  number: number;
  generation: number;
  offset: number;
}

/** One cross-reference section (a table or a stream) and the dictionary that ends it. */
interface Section {
  entries: Entry[];
  trailer: PDFDict;
}

/** Most sections followed through /Prev and /XRefStm: incremental saves add one each. */
const MAX_SECTIONS = 256;

function parseObjectAt(pdf: Buffer, at: number, context: PDFContext) {
  return PDFObjectParser.forBytes(pdf.subarray(at), context).parseObject();
}

function numberIn(dict: PDFDict, key: string): number | undefined {
  const value = dict.get(PDFName.of(key));
  return value instanceof PDFNumber ? value.asNumber() : undefined;
}

/** A table: `xref`, subsections of `first count` and 20-byte entries, then `trailer` and its dictionary. */
function tableSection(pdf: Buffer, text: string, at: number, context: PDFContext): Section | undefined {
  const entries: Entry[] = [];
  const subsection = /\s*(\d+)\s+(\d+)/y;
  const entry = /\s*(\d{10})\s+(\d{5})\s+([nf])/y;
  let position = at + 'xref'.length;
  for (;;) {
    subsection.lastIndex = position;
    const header = subsection.exec(text);
    if (!header) break;
    entry.lastIndex = subsection.lastIndex;
    for (let index = 0; index < Number(header[2]); index += 1) {
      const found = entry.exec(text);
      if (!found) return undefined;
      if (found[3] === 'n') entries.push({ number: Number(header[1]) + index, generation: Number(found[2]), offset: Number(found[1]) });
    }
    position = entry.lastIndex;
  }
  const trailer = /\s*trailer/y;
  trailer.lastIndex = position;
  if (!trailer.exec(text)) return undefined;
  const dict = parseObjectAt(pdf, trailer.lastIndex, context);
  return dict instanceof PDFDict ? { entries, trailer: dict } : undefined;
}

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const [toLeft, toUp, toUpLeft] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - upLeft)];
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

/**
 * Rows coded with a PNG predictor (/Predictor 10 to 15, as most cross-reference streams are) as
 * they were: each row starts with its filter type, and bytes are predicted from the one to their
 * left, the one above, or both. Undefined for a filter type PNG does not have.
 */
function undoPngPredictor(data: Uint8Array, columns: number): Uint8Array | undefined {
  const rows = Math.floor(data.length / (columns + 1));
  const out = new Uint8Array(rows * columns);
  for (let row = 0; row < rows; row += 1) {
    const type = data[row * (columns + 1)];
    for (let column = 0; column < columns; column += 1) {
      const at = row * columns + column;
      const left = column > 0 ? out[at - 1]! : 0;
      const up = row > 0 ? out[at - columns]! : 0;
      const upLeft = row > 0 && column > 0 ? out[at - columns - 1]! : 0;
      const predictions = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)];
      if (type === undefined || type >= predictions.length) return undefined;
      out[at] = (data[row * (columns + 1) + 1 + column]! + predictions[type]!) & 0xff;
    }
  }
  return out;
}

/** A cross-reference stream's rows, decoded and, where a predictor was used, unpredicted. */
function crossReferenceRows(stream: PDFRawStream, rowLength: number): Uint8Array | undefined {
  const decoded = decodePDFRawStream(stream).decode();
  const parameters = stream.dict.lookup(PDFName.of('DecodeParms'));
  const predictor = parameters instanceof PDFDict ? numberIn(parameters, 'Predictor') ?? 1 : 1;
  if (predictor === 1) return decoded;
  return predictor >= 10 ? undoPngPredictor(decoded, (parameters instanceof PDFDict && numberIn(parameters, 'Columns')) || rowLength) : undefined;
}

/** A cross-reference stream: rows of /W field widths over the object numbers /Index lists. */
function streamSection(pdf: Buffer, text: string, at: number, context: PDFContext): Section | undefined {
  const header = /(\d+)\s+(\d+)\s+obj/y;
  header.lastIndex = at;
  const own = header.exec(text);
  if (!own) return undefined;
  const stream = parseObjectAt(pdf, header.lastIndex, context);
  if (!(stream instanceof PDFRawStream) || stream.dict.get(PDFName.of('Type')) !== PDFName.of('XRef')) return undefined;
  const widths = stream.dict.lookup(PDFName.of('W'));
  const index = stream.dict.lookup(PDFName.of('Index'));
  if (!(widths instanceof PDFArray) || widths.size() !== 3) return undefined;
  const [type, field2, field3] = widths.asArray().map((width) => (width instanceof PDFNumber ? width.asNumber() : 0)) as [number, number, number];
  const ranges = index instanceof PDFArray ? index.asArray().map((value) => (value instanceof PDFNumber ? value.asNumber() : 0)) : [0, numberIn(stream.dict, 'Size') ?? 0];
  const rows = crossReferenceRows(stream, type + field2 + field3);
  if (!rows) return undefined;
  const read = (from: number, width: number) => rows.subarray(from, from + width).reduce((value, byte) => value * 256 + byte, 0);
  const entries: Entry[] = [];
  let row = 0;
  for (let range = 0; range + 1 < ranges.length; range += 2) {
    for (let number = ranges[range]!; number < ranges[range]! + ranges[range + 1]!; number += 1, row += type + field2 + field3) {
      if (row + type + field2 + field3 > rows.length) return undefined;
      if ((type === 0 ? 1 : read(row, type)) === 1) entries.push({ number, offset: read(row + type, field2), generation: read(row + type + field2, field3) });
    }
  }
  // Its own entry is never used (readers reach it through startxref, /Prev or /XRefStm), and some writers leave it wrong.
  return { entries: entries.filter(({ number }) => number !== Number(own[1])), trailer: stream.dict };
}

function sectionAt(pdf: Buffer, text: string, at: number, context: PDFContext): Section | undefined {
  try {
    return text.startsWith('xref', at) ? tableSection(pdf, text, at, context) : streamSection(pdf, text, at, context);
  } catch {
    return undefined;
  }
}

function objectIsAt(text: string, { number, generation, offset }: Entry): boolean {
  const header = /\s*(\d+)\s+(\d+)\s+obj/y;
  header.lastIndex = offset;
  const found = header.exec(text);
  return found !== null && Number(found[1]) === number && Number(found[2]) === generation;
}

/**
 * Whether a reader that trusts the file's cross-reference finds every object where it says: the
 * last `startxref` points at a table or stream, each in-use entry (through /Prev and /XRefStm) at
 * `number generation obj`, and the newest trailer names the catalog. pdf-lib never looks (it reads
 * objects in file order), so it opens files that poppler cannot.
 */
function crossReferenceIsSound(pdf: Buffer, context: PDFContext): boolean {
  const text = pdf.toString('latin1');
  const last = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text.slice(-1024));
  if (!last) return false;
  const pending = [Number(last[1])];
  const seen = new Set<number>();
  for (let at = pending.pop(); at !== undefined; at = pending.pop()) {
    if (seen.has(at)) continue;
    if (seen.size === MAX_SECTIONS || at >= pdf.length) return false;
    const section = sectionAt(pdf, text, at, context);
    if (!section || !section.entries.every((entry) => objectIsAt(text, entry))) return false;
    if (seen.size === 0 && !section.trailer.has(PDFName.of('Root'))) return false;
    seen.add(at);
    for (const key of ['Prev', 'XRefStm']) {
      const next = numberIn(section.trailer, key);
      if (next !== undefined) pending.push(next);
    }
  }
  return true;
}

/** Whether the page tree's /Count is the number of pages in it, as readers take it to be. */
function pageCountHolds(document: PDFDocument): boolean {
  const count = document.catalog.Pages().lookup(PDFName.of('Count'));
  return count instanceof PDFNumber && count.asNumber() === document.getPageCount();
}

/**
 * Whether `pdf` (which pdf-lib parsed as `document`) can be stored as it is: readers that trust
 * its structure, as poppler does, will find its objects and count its pages.
 */
export function structureIsSound(pdf: Buffer, document: PDFDocument): boolean {
  try {
    return crossReferenceIsSound(pdf, document.context) && pageCountHolds(document);
  } catch {
    return false;
  }
}
