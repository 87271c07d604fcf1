import { ConversionError } from '../conversion-error';
import { detectDocumentType } from '../../../common/uploads/document-type';
import { openImage, type PdfkitImage } from '../images/open-image';
import { prepareImage } from '../images/prepare-image';
import type { DocxImage } from './docx-to-html';

/**
 * The document's images that can be drawn: PNG and JPEG (by their bytes) that pass the same checks
 * as an uploaded image. Any other image (EMF, GIF, a damaged one) is left out and the layout notes where,
 * rather than failing a whole essay over a logo.
 */
export async function openDocxImages(doc: PDFKit.PDFDocument, images: ReadonlyMap<string, DocxImage>, maxPixels: number): Promise<Map<string, PdfkitImage>> {
  const usable = new Map<string, PdfkitImage>();
  for (const [src, { bytes }] of images) {
    const type = detectDocumentType(bytes);
    if (type !== 'png' && type !== 'jpeg') continue;
    try {
      usable.set(src, openImage(doc, (await prepareImage(bytes, type, maxPixels)).bytes));
    } catch (error) {
      if (!(error instanceof ConversionError)) throw error;
    }
  }
  return usable;
}
