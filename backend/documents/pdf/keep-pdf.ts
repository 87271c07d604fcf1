import { PDFDocument } from 'pdf-lib';
import { ConversionError, conversionMessages } from '../conversion-error';
import type { ConversionOptions } from '../conversion-options';
import { crossReferenceOffsetHolds, pdfByteBounds } from './pdf-byte-bounds';
import { removeEncryption } from './remove-encryption';

/**
 * An encryption dictionary named in a trailer or cross-reference stream. Used only when pdf-lib
 * cannot parse the file at all, so the applicant hears "password" rather than "damaged".
 */
const ENCRYPT_ENTRY = /\/Encrypt\s*(?:\d+\s+\d+\s+R|<<)/;

async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  } catch (error) {
    const encrypted = ENCRYPT_ENTRY.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'));
    throw new ConversionError(encrypted ? conversionMessages.pdfEncrypted : conversionMessages.pdfDamaged, { cause: error });
  }
}

/** The page count, after proving pdf-lib can copy every page (within the limit), as the application PDF will. */
async function copyablePageCount(document: PDFDocument, maxPages: number): Promise<number> {
  try {
    const pageCount = document.getPageCount();
    if (pageCount > 0 && pageCount <= maxPages) {
      const scratch = await PDFDocument.create({ updateMetadata: false });
      await scratch.copyPages(document, document.getPageIndices());
    }
    return pageCount;
  } catch (error) {
    throw new ConversionError(conversionMessages.pdfDamaged, { cause: error });
  }
}

/**
 * The PDF from its header to its last %%EOF. Junk after the end is cut. Junk before the header
 * is cut too when the offsets still hold, which they do when it was added to a finished file;
 * otherwise, and without any %%EOF, pdf-lib writes the document out afresh.
 */
async function withoutJunk(bytes: Buffer, document: PDFDocument): Promise<Buffer> {
  const bounds = pdfByteBounds(bytes);
  if (bounds && bounds.start === 0 && bounds.end === bytes.length) return bytes;
  const cut = bounds && bytes.subarray(bounds.start, bounds.end);
  if (cut && (bounds.start === 0 || crossReferenceOffsetHolds(cut))) return Buffer.from(cut);
  return Buffer.from(await document.save({ useObjectStreams: false, updateFieldAppearances: false }));
}

/**
 * Checks an uploaded PDF and returns it for the application. Kept byte for byte where it can be,
 * rather than re-saved: a re-save through pdf-lib can drop what it does not model (signatures,
 * some annotations and structure) and often grows the file. A PDF that opens without a password
 * but is encrypted (permissions only) is stored decrypted, because the application PDF copies
 * its pages with pdf-lib, which cannot decrypt; one that needs a password is refused.
 */
export async function keepPdf(bytes: Buffer, options: ConversionOptions): Promise<Buffer> {
  let document = await loadPdf(bytes);
  let kept = bytes;
  if (document.isEncrypted) {
    kept = Buffer.from(await removeEncryption(bytes, document.context));
    document = await loadPdf(kept);
  }
  const pageCount = await copyablePageCount(document, options.maxPages);
  if (pageCount === 0) throw new ConversionError(conversionMessages.pdfDamaged);
  if (pageCount > options.maxPages) throw new ConversionError(conversionMessages.tooManyPages(options.maxPages));
  return withoutJunk(kept, document);
}
