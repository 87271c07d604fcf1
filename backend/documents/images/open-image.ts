import { ConversionError, conversionMessages } from '../conversion-error';

/** What pdfkit's `openImage` returns; its typings leave the image's own fields out. */
export interface PdfkitImage {
  width: number;
  height: number;
  /** EXIF orientation of a JPEG; 5 to 8 turn it a quarter, so width and height swap on the page. */
  orientation?: number;
}

/** Opens an image with pdfkit; only bytes from `prepareImage` come here, checked and in a form pdfkit reads. */
export function openImage(doc: PDFKit.PDFDocument, prepared: Buffer): PdfkitImage {
  try {
    return (doc as unknown as { openImage(src: Buffer): PdfkitImage }).openImage(prepared);
  } catch (error) {
    throw new ConversionError(conversionMessages.imageDamaged, { cause: error });
  }
}

/** The image's width and height as it appears upright on the page, in pixels. */
export function uprightSize(image: PdfkitImage): { width: number; height: number } {
  const turned = (image.orientation ?? 1) > 4;
  return turned ? { width: image.height, height: image.width } : { width: image.width, height: image.height };
}

/** pdfkit draws an opened image as well as bytes; its typings only know the bytes. */
export function drawImage(doc: PDFKit.PDFDocument, image: PdfkitImage, x: number, y: number, width: number, height: number): void {
  (doc as unknown as { image(src: PdfkitImage, x: number, y: number, options: PDFKit.Mixins.ImageOption): void }).image(image, x, y, { width, height });
}
