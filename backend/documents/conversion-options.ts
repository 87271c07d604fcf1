import { UPLOAD_MAX_BYTES } from '../../common/constants';

/** Limits and switches of one conversion; plain data, so it can be posted to a worker. */
export interface ConversionOptions {
  /** Largest input accepted, the upload limit. */
  maxInputBytes: number;
  /** Most pages a converted document may have (and a kept PDF may already have). */
  maxPages: number;
  /** Sum of the uncompressed sizes of a docx package's entries. */
  maxUncompressedBytes: number;
  /** Largest uncompressed/compressed ratio of an entry bigger than a megabyte: a sign of a zip bomb. */
  maxCompressionRatio: number;
  /** Most bytes a kept PDF's streams may decode to, all together: past it, a decompression bomb. */
  maxDecodedPdfBytes: number;
  /** Most pixels of one image (width times height); decoding a PNG with alpha costs 4 bytes each. */
  maxImagePixels: number;
  /** pdfkit's stream compression; tests turn it off to read the text in the content streams. */
  compress: boolean;
}

export const DEFAULT_CONVERSION_OPTIONS: ConversionOptions = {
  maxInputBytes: UPLOAD_MAX_BYTES,
  maxPages: 200,
  maxUncompressedBytes: 20 * 1024 * 1024,
  maxCompressionRatio: 100,
  maxDecodedPdfBytes: 100 * 1024 * 1024,
  maxImagePixels: 25_000_000,
  compress: true,
};

export function conversionOptions(overrides: Partial<ConversionOptions> = {}): ConversionOptions {
  return { ...DEFAULT_CONVERSION_OPTIONS, ...overrides };
}
