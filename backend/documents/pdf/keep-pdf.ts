import { PDFDocument } from '@cantoo/pdf-lib';
import { ConversionError, conversionMessages } from '../conversion-error';
import type { ConversionOptions } from '../conversion-options';
import { DecodedStreams } from './decoded-streams';
import { anyPagePaints } from './page-painting';
import { pdfByteBounds } from './pdf-byte-bounds';
import { removeEncryption } from './remove-encryption';
import { mendSinglePageTree } from './single-page-tree';
import { structureIsSound } from './sound-structure';

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

/**
 * The pages copied into a fresh document, as the application PDF will copy them: the proof that
 * pdf-lib can, and the repaired copy if one is needed. A PDF without pages, or with too many, is refused.
 */
async function copiedIntoFreshDocument(document: PDFDocument, maxPages: number): Promise<PDFDocument> {
  let pageCount: number;
  const fresh = await PDFDocument.create({ updateMetadata: false });
  try {
    pageCount = document.getPageCount();
    if (pageCount <= maxPages) for (const page of await fresh.copyPages(document, document.getPageIndices())) fresh.addPage(page);
  } catch (error) {
    throw new ConversionError(conversionMessages.pdfDamaged, { cause: error });
  }
  if (pageCount === 0) throw new ConversionError(conversionMessages.pdfDamaged);
  if (pageCount > maxPages) throw new ConversionError(conversionMessages.tooManyPages(maxPages));
  return fresh;
}

/**
 * Refuses a PDF none of whose pages draws anything, and one whose streams decode past the budget
 * (a decompression bomb). Both need the streams decoded, so one pass does both.
 */
function checkPagesDraw(document: PDFDocument, options: ConversionOptions): void {
  const streams = new DecodedStreams(options.maxDecodedPdfBytes);
  if (!anyPagePaints(document, streams)) throw new ConversionError(conversionMessages.pdfBlank);
  streams.countTheRest(document.context);
}

/**
 * The PDF to store: from its header to its last %%EOF, junk on either side cut (some scanners and
 * mail gateways add it), byte for byte when readers that trust its structure will read it. When
 * they will not (the cross-reference misplaced, the page count wrong, no %%EOF; or junk in front
 * that the offsets counted), the repaired copy: its pages in a fresh document, which is checked
 * in turn. pdf.js and Chromium repair such files as they open them; poppler often cannot.
 */
async function soundCopy(bytes: Buffer, document: PDFDocument, fresh: PDFDocument, mended: boolean): Promise<Buffer> {
  const bounds = pdfByteBounds(bytes);
  const cut = bounds && bytes.subarray(bounds.start, bounds.end);
  if (!mended && cut && structureIsSound(cut, document)) return cut.length === bytes.length ? bytes : Buffer.from(cut);
  const repaired = Buffer.from(await fresh.save({ useObjectStreams: false, updateFieldAppearances: false }));
  if (!structureIsSound(repaired, await loadPdf(repaired))) throw new ConversionError(conversionMessages.pdfDamaged);
  return repaired;
}

/**
 * Checks an uploaded PDF and returns it for the application. Kept byte for byte where it can be,
 * rather than re-saved: a re-save through pdf-lib can drop what it does not model (signatures,
 * some annotations and structure) and often grows the file. A PDF that opens without a password
 * but is encrypted (permissions only) is stored decrypted, because the application PDF copies
 * its pages with pdf-lib, which cannot decrypt; one that needs a password is refused. So is one
 * whose pages are all blank, and one too large once decoded.
 */
export async function keepPdf(bytes: Buffer, options: ConversionOptions): Promise<Buffer> {
  let document = await loadPdf(bytes);
  let kept = bytes;
  if (document.isEncrypted) {
    kept = Buffer.from(await removeEncryption(bytes, document.context));
    document = await loadPdf(kept);
  }
  const mended = mendSinglePageTree(document);
  const fresh = await copiedIntoFreshDocument(document, options.maxPages);
  checkPagesDraw(document, options);
  return soundCopy(kept, document, fresh, mended);
}
