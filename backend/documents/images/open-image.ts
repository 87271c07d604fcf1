import { ConversionError, conversionMessages } from '../conversion-error';
import { readImageSize } from './image-size';

/** What pdfkit's `openImage` returns; its typings leave the image's own fields out. */
export interface PdfkitImage {
  width: number;
  height: number;
  /** EXIF orientation of a JPEG; 5 to 8 turn it a quarter, so width and height swap on the page. */
  orientation?: number;
}

/**
 * Opens a PNG or JPEG with pdfkit after checking its pixel count from the header, because pdfkit
 * decodes a PNG with transparency into memory, 4 bytes a pixel, and a small file can claim a huge
 * size.
 */
export function openImage(doc: PDFKit.PDFDocument, bytes: Buffer, type: 'png' | 'jpeg', maxPixels: number): PdfkitImage {
  const size = readImageSize(bytes, type);
  if (!size) throw new ConversionError(conversionMessages.imageDamaged);
  if (size.width * size.height > maxPixels) throw new ConversionError(conversionMessages.imageTooManyPixels);
  try {
    return (doc as unknown as { openImage(src: Buffer): PdfkitImage }).openImage(bytes);
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
