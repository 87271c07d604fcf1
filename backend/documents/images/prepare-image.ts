import { ConversionError, conversionMessages } from '../conversion-error';
import { readJpegStructure } from './jpeg-structure';
import { pngForPdfkit } from './png-for-pdfkit';
import { repairPng } from './png-repair';
import { pngImageDataIsWhole, readPngStructure } from './png-structure';

export interface PreparedImage {
  bytes: Buffer;
  /**
   * Rows of the picture, below those `bytes` hold, that Chromium leaves empty: a JPEG cut inside
   * its first scan is drawn only down to where its data ends. 0 for a whole image.
   */
  missingRows: number;
}

/**
 * An uploaded PNG or JPEG, checked from its structure before anything decodes it, as the bytes
 * pdfkit should embed: a JPEG without stray bytes, or ended where it was cut short; a PNG in a form
 * pdfkit draws right. Throws a ConversionError saying why an image is refused.
 */
export async function prepareImage(bytes: Buffer, type: 'png' | 'jpeg', maxPixels: number): Promise<PreparedImage> {
  if (type === 'jpeg') {
    const jpeg = readJpegStructure(bytes, maxPixels);
    return { bytes: jpeg.cleaned, missingRows: jpeg.height - jpeg.drawnRows };
  }
  return { bytes: await prepareWholePng(bytes, maxPixels), missingRows: 0 };
}

async function prepareWholePng(bytes: Buffer, maxPixels: number): Promise<Buffer> {
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
