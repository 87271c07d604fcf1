/**
 * Whether a PDF's bytes end at its last `%%EOF` marker, allowing only the end-of-line after it: a
 * stored PDF is exactly its document, with nothing of anything else behind it.
 */
export function pdfEndsAtLastEof(pdf: Uint8Array): boolean {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('latin1');
  const last = text.lastIndexOf('%%EOF');
  return last >= 0 && /^(?:\r\n|\r|\n)?$/.test(text.slice(last + '%%EOF'.length));
}
