import { decodePDFRawStream, PDFArray, PDFName, PDFRawStream, type PDFContext } from '@cantoo/pdf-lib';
import { ConversionError, conversionMessages } from '../conversion-error';

/** Decoded in slices of this size, so the budget is counted as a stream inflates, not after. */
const SLICE = 64 * 1024;

/**
 * Filters meant for images, which pdf-lib does not decode. In a content stream (as in the "giant
 * JBIG2 bomb", whose page draws 100000 by 100000 pixels of operators) nothing but decoding them
 * says how large they are, so such content is refused rather than kept unbounded.
 */
const IMAGE_FILTERS = new Set(['DCTDecode', 'JPXDecode', 'JBIG2Decode', 'CCITTFaxDecode'].map((name) => PDFName.of(name)));

function usesImageFilter(stream: PDFRawStream): boolean {
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  const filters = filter instanceof PDFArray ? filter.asArray() : [filter];
  return filters.some((name) => name instanceof PDFName && IMAGE_FILTERS.has(name));
}

const tooComplex = () => new ConversionError(conversionMessages.pdfTooComplex);

/**
 * A kept PDF's streams decoded against one budget for the whole document, counted as they inflate:
 * a file of a few kilobytes can inflate to gigabytes (a decompression bomb), which readers then
 * spend minutes drawing. Past the budget the PDF is refused. Content streams are decoded once and
 * kept for the page scan; the rest are decoded only to be counted.
 */
export class DecodedStreams {
  private readonly content = new Map<PDFRawStream, Uint8Array | undefined>();

  constructor(private budget: number) {}

  /**
   * A content stream's (or form's) operators, or undefined when they cannot be decoded (a filter
   * no reader knows, damaged data): readers draw nothing from such a stream either.
   */
  contentOf(stream: PDFRawStream): Uint8Array | undefined {
    if (usesImageFilter(stream)) throw tooComplex();
    if (!this.content.has(stream)) this.content.set(stream, this.decode(stream));
    return this.content.get(stream);
  }

  /** Counts every stream the page scan did not decode (images, fonts, the rest) against the budget. */
  countTheRest(context: PDFContext): void {
    for (const [, object] of context.enumerateIndirectObjects()) {
      if (object instanceof PDFRawStream && !this.content.has(object)) this.decode(object);
    }
  }

  private decode(stream: PDFRawStream): Uint8Array | undefined {
    let decoder: ReturnType<typeof decodePDFRawStream>;
    try {
      decoder = decodePDFRawStream(stream);
    } catch {
      return undefined; // a filter pdf-lib does not decode: an image's, or one nobody knows
    }
    let length = 0;
    try {
      for (let slice = SLICE; slice === SLICE; length += slice) {
        slice = decoder.getBytes(SLICE).length;
        this.budget -= slice;
        if (this.budget < 0) throw tooComplex();
      }
    } catch (error) {
      if (error instanceof ConversionError) throw error;
      return undefined;
    }
    decoder.reset();
    return Uint8Array.from(decoder.getBytes(length));
  }
}
