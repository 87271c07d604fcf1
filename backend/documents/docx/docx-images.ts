import { ConversionError } from '../conversion-error';
import { detectDocumentType } from '../../../common/uploads/document-type';
import { pngDataIsComplete } from '../images/check-png-data';
import { openImage, type PdfkitImage } from '../images/open-image';
import type { DocxImage } from './docx-to-html';

/**
 * The document's images that can be drawn: PNG and JPEG (by their bytes), whole, and within the
 * pixel limit. Any other image (EMF, GIF, a damaged one) is left out and the layout notes where,
 * rather than failing a whole essay over a logo.
 */
export async function openDocxImages(doc: PDFKit.PDFDocument, images: ReadonlyMap<string, DocxImage>, maxPixels: number): Promise<Map<string, PdfkitImage>> {
  const usable = new Map<string, PdfkitImage>();
  for (const [src, { bytes }] of images) {
    const type = detectDocumentType(bytes);
    if (type !== 'png' && type !== 'jpeg') continue;
    if (type === 'png' && !(await pngDataIsComplete(bytes))) continue;
    try {
      usable.set(src, openImage(doc, bytes, type, maxPixels));
    } catch (error) {
      if (!(error instanceof ConversionError)) throw error;
    }
  }
  return usable;
}
