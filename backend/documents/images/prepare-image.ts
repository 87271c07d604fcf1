import { ConversionError, conversionMessages } from '../conversion-error';
import { readJpegStructure } from './jpeg-structure';
import { pngForPdfkit } from './png-for-pdfkit';
import { repairPng } from './png-repair';
import { pngImageDataIsWhole, readPngStructure } from './png-structure';

/**
 * An uploaded PNG or JPEG, checked from its structure before anything decodes it, as the bytes
 * pdfkit should embed: a JPEG without stray bytes, a PNG in a form pdfkit draws right. Throws a
 * ConversionError saying why an image is refused.
 */
export async function prepareImage(bytes: Buffer, type: 'png' | 'jpeg', maxPixels: number): Promise<Buffer> {
  if (type === 'jpeg') return readJpegStructure(bytes, maxPixels).cleaned;
  try {
    return await preparePng(bytes, maxPixels);
  } catch (error) {
    // Damage Chromium reads past (png-repair.ts) is repaired, and the copy checked again.
    const repaired = error instanceof ConversionError && error.message === conversionMessages.imageDamaged ? repairPng(bytes, maxPixels) : null;
    if (!repaired) throw error;
    return preparePng(repaired, maxPixels);
  }
}

async function preparePng(bytes: Buffer, maxPixels: number): Promise<Buffer> {
  const png = readPngStructure(bytes, maxPixels);
  if (!(await pngImageDataIsWhole(png))) throw new ConversionError(conversionMessages.imageDamaged);
  return pngForPdfkit(bytes, png);
}
