const HEADER = Buffer.from('%PDF-', 'latin1');
const END_OF_FILE = Buffer.from('%%EOF', 'latin1');

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
