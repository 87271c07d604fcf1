import { ConversionError, conversionMessages } from '../conversion-error';
import { readJpegStructure } from './jpeg-structure';
import { pngForPdfkit } from './png-for-pdfkit';
import { pngImageDataIsWhole, readPngStructure } from './png-structure';

/**
 * An uploaded PNG or JPEG, checked from its structure before anything decodes it, as the bytes
 * pdfkit should embed: a JPEG without stray bytes, a PNG in a form pdfkit draws right. Throws a
 * ConversionError saying why an image is refused.
 */
export async function prepareImage(bytes: Buffer, type: 'png' | 'jpeg', maxPixels: number): Promise<Buffer> {
  if (type === 'jpeg') return readJpegStructure(bytes, maxPixels).cleaned;
  const png = readPngStructure(bytes, maxPixels);
  if (!(await pngImageDataIsWhole(png))) throw new ConversionError(conversionMessages.imageDamaged);
  return pngForPdfkit(bytes, png);
}
