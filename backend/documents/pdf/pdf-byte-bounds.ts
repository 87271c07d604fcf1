const HEADER = Buffer.from('%PDF-', 'latin1');
const END_OF_FILE = Buffer.from('%%EOF', 'latin1');
const START_XREF = Buffer.from('startxref', 'latin1');
/** What `startxref` may point at: a cross-reference table, or a cross-reference stream object. */
const CROSS_REFERENCE = /^(?:xref|\d+\s+\d+\s+obj)/;

/**
 * Where the PDF inside the bytes begins (its header) and ends (its last %%EOF and the end of line
 * after it), or null without a %%EOF. Readers skip junk on either side (some scanners and mail
 * gateways add it); we store the PDF without it.
 */
export function pdfByteBounds(bytes: Buffer): { start: number; end: number } | null {
  const start = bytes.indexOf(HEADER);
  const eof = bytes.lastIndexOf(END_OF_FILE);
  if (start < 0 || eof < start) return null;
  let end = eof + END_OF_FILE.length;
  if (bytes[end] === 0x0d) end += 1;
  if (bytes[end] === 0x0a) end += 1;
  return { start, end };
}

/**
 * Whether the last `startxref` points at a cross-reference section. Cutting junk off the front
 * is right when the offsets were counted from the header, as writers count them; when they were
 * not, the copy needs new offsets.
 */
export function crossReferenceOffsetHolds(pdf: Buffer): boolean {
  const at = pdf.lastIndexOf(START_XREF);
  if (at < 0) return false;
  const offset = /^\s*(\d+)/.exec(pdf.toString('latin1', at + START_XREF.length, at + START_XREF.length + 24));
  if (!offset) return false;
  const target = Number(offset[1]);
  return target < pdf.length && CROSS_REFERENCE.test(pdf.toString('latin1', target, target + 32));
}
