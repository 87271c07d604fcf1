import zlib from 'node:zlib';
import { ConversionError, conversionMessages } from '../conversion-error';
import type { ConversionOptions } from '../conversion-options';
import { readZipDirectory, zipEntryData, type ZipEntry } from '../../../common/uploads/zip-directory';

/** Entries smaller than this may compress as well as they like: short repetitive XML does. */
const RATIO_CHECK_FLOOR = 1024 * 1024;

const tooLarge = () => new ConversionError(conversionMessages.docxTooLarge);

/** The directory's own claims: cheap, and enough to turn away an honest zip bomb at once. */
function checkDeclaredSizes(entries: readonly ZipEntry[], options: ConversionOptions): void {
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    if (total > options.maxUncompressedBytes) throw tooLarge();
    const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
    if (entry.uncompressedSize > RATIO_CHECK_FLOOR && ratio > options.maxCompressionRatio) throw tooLarge();
  }
}

/**
 * Inflates each entry with its declared size as the cap, so a directory that understates a size
 * fails here at the cap instead of inside mammoth, which believes the directory.
 */
function checkActualSizes(bytes: Buffer, entries: readonly ZipEntry[]): void {
  for (const entry of entries) {
    const data = zipEntryData(bytes, entry);
    if (!data) throw tooLarge();
    if (entry.method === 0) {
      if (data.length !== entry.uncompressedSize) throw tooLarge();
      continue;
    }
    if (entry.method !== 8) throw tooLarge();
    let inflated: Buffer;
    try {
      inflated = zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
    } catch (error) {
      throw new ConversionError(conversionMessages.docxTooLarge, { cause: error });
    }
    if (inflated.length !== entry.uncompressedSize) throw tooLarge();
  }
}

/**
 * Bounds what a Word package can cost before mammoth reads it: the total uncompressed size and
 * compression ratio from the zip's central directory, then the true sizes, inflated under caps.
 */
export function checkDocxPackage(bytes: Buffer, options: ConversionOptions): void {
  const entries = readZipDirectory(bytes);
  if (!entries) throw tooLarge();
  checkDeclaredSizes(entries, options);
  checkActualSizes(bytes, entries);
}
