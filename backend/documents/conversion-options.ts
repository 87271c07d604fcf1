import type { DocxConverter } from './docx-converter';

/** Limits and switches of one conversion; plain data, so it can be posted to a worker. */
export interface ConversionOptions {
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
  /** How Word documents become PDFs: the server passes the one its configuration chose. */
  docxConverter: DocxConverter;
  /** LibreOffice's processor time on a document: past it, its whole process tree is killed. Set below the sandbox's own limit. */
  libreOfficeTimeoutMs: number;
  /**
   * Address space of each LibreOffice process (RLIMIT_AS): soffice.bin maps 460 to 590 MB for the
   * corpus's documents (fonts included), of which about 210 MB is resident.
   */
  libreOfficeMemoryMb: number;
  /** Documents one warm soffice converts before it is replaced by a fresh one (warm-office.ts). */
  libreOfficeDocumentsPerOffice: number;
  /** Resident memory of a warm soffice's processes past which it is replaced after its document. */
  libreOfficeMaxRssMb: number;
}

export const DEFAULT_CONVERSION_OPTIONS: ConversionOptions = {
  maxPages: 200,
  maxUncompressedBytes: 20 * 1024 * 1024,
  maxCompressionRatio: 100,
  maxDecodedPdfBytes: 100 * 1024 * 1024,
  maxImagePixels: 25_000_000,
  compress: true,
  docxConverter: { name: 'builtin', reason: 'no converter was chosen for this conversion' },
  libreOfficeTimeoutMs: 14_000,
  libreOfficeMemoryMb: 1024,
  libreOfficeDocumentsPerOffice: 50,
  libreOfficeMaxRssMb: 600,
};

export function conversionOptions(overrides: Partial<ConversionOptions> = {}): ConversionOptions {
  return { ...DEFAULT_CONVERSION_OPTIONS, ...overrides };
}
