import { PDFDocument } from 'pdf-lib';
import { ConversionError, conversionMessages } from '../conversion-error';
import type { ConversionOptions } from '../conversion-options';

/**
 * An encryption dictionary named in a trailer or cross-reference stream. Used only when pdf-lib
 * cannot parse the file: encrypted object streams cannot be parsed without the password, and the
 * applicant should hear "password" rather than "damaged".
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

/**
 * Checks an uploaded PDF and returns it unchanged. Kept byte for byte rather than re-saved: a
 * re-save through pdf-lib can drop what it does not model (signatures, some annotations and
 * structure) and often grows the file, while the checks here already prove what we need later,
 * that pdf-lib can copy its pages into the whole-application PDF.
 */
export async function keepPdf(bytes: Buffer, options: ConversionOptions): Promise<Buffer> {
  const document = await loadPdf(bytes);
  // A password-protected PDF parses, but its pages' content cannot be read without the password.
  if (document.isEncrypted) throw new ConversionError(conversionMessages.pdfEncrypted);
  let pageCount: number;
  try {
    pageCount = document.getPageCount();
    if (pageCount > 0 && pageCount <= options.maxPages) {
      // The same operation as the whole-application PDF's merge, on a scratch document.
      const scratch = await PDFDocument.create({ updateMetadata: false });
      await scratch.copyPages(document, document.getPageIndices());
    }
  } catch (error) {
    throw new ConversionError(conversionMessages.pdfDamaged, { cause: error });
  }
  if (pageCount === 0) throw new ConversionError(conversionMessages.pdfDamaged);
  if (pageCount > options.maxPages) throw new ConversionError(conversionMessages.tooManyPages(options.maxPages));
  return bytes;
}
