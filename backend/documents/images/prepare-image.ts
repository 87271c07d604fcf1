import { ConversionError, conversionMessages } from '../conversion-error';
import { readJpegStructure } from './jpeg-structure';
import { pngForPdfkit } from './png-for-pdfkit';
import { repairPng } from './png-repair';
import { pngImageDataIsWhole, readPngStructure } from './png-structure';

export interface PreparedImage {
  bytes: Buffer;
  /**
   * For a JPEG cut inside its first scan, which Chromium draws only down to where its data ends:
   * the picture's rows, and how many of them from the top are shown. `bytes` hold those and the
   * few below that Chromium smooths them with, which are not shown.
   */
  cut: { wholeRows: number; shownRows: number } | null;
}

/**
 * An uploaded PNG or JPEG, checked from its structure before anything decodes it, as the bytes
 * pdfkit should embed: a JPEG without stray bytes, or ended where it was cut short; a PNG in a form
 * pdfkit draws right. Throws a ConversionError saying why an image is refused.
 */
export async function prepareImage(bytes: Buffer, type: 'png' | 'jpeg', maxPixels: number): Promise<PreparedImage> {
  if (type === 'jpeg') {
    const jpeg = readJpegStructure(bytes, maxPixels);
    return { bytes: jpeg.cleaned, cut: jpeg.drawnRows < jpeg.height ? { wholeRows: jpeg.height, shownRows: jpeg.drawnRows } : null };
  }
  return { bytes: await prepareWholePng(bytes, maxPixels), cut: null };
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
