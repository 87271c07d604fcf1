import type { PdfkitImage } from '../../images/open-image';

/** What measuring needs besides the blocks: the document (for font metrics) and its opened images. */
export interface LayoutContext {
  doc: PDFKit.PDFDocument;
  /** By `src`; an image that cannot be drawn is missing and shown as a note instead. */
  images: ReadonlyMap<string, PdfkitImage>;
  /** No image is drawn taller than a page's content. */
  maxImageHeight: number;
}
