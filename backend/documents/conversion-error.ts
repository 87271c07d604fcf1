/** A conversion that failed for a reason the applicant can act on; the message is shown to them. */
export class ConversionError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ConversionError';
  }
}

const SAVE_AS_PDF = 'Please save it as a PDF and upload the PDF instead.';
const SAVE_AS_STANDARD_JPEG = 'Please save it again as a standard JPEG or as PNG, and upload it again.';
/** A JPEG coded in a way PDF viewers cannot decode: they show a blank where the picture should be. */
const jpegCannotBeShown = (why: string) => `This JPEG image ${why}, which cannot be shown in a PDF. ${SAVE_AS_STANDARD_JPEG}`;

/** What the applicant reads when a conversion fails (the FAILED status's message). */
export const conversionMessages = {
  pdfEncrypted: 'This PDF is password-protected. Please upload a version without a password.',
  pdfDamaged: 'This PDF could not be read. Please check that it opens on your computer, then upload it again or upload a different file.',
  pdfBlank: "This PDF's pages are blank. Please check that you chose the right file, then upload it again.",
  pdfTooComplex: 'This PDF is too large or complex to convert. Please save it again as a smaller PDF (for example with "Print to PDF"), then upload that.',
  imageDamaged: 'This image could not be read. Please check that it opens on your computer, then upload it again or upload a different file.',
  imageIncomplete: 'This image is incomplete: part of the file is missing. Please upload the whole image again, or a different file.',
  jpeg12Bit: jpegCannotBeShown('uses 12-bit colour'),
  jpegArithmetic: jpegCannotBeShown('uses arithmetic coding'),
  jpegLossless: jpegCannotBeShown('is a lossless JPEG'),
  jpegHierarchical: jpegCannotBeShown('is a hierarchical JPEG'),
  imageTooManyPixels: 'This image has too many pixels to convert. Please upload a smaller image.',
  docxTooLarge: `This document is too large or damaged to convert. ${SAVE_AS_PDF}`,
  docxDamaged: `This Word document could not be read. ${SAVE_AS_PDF}`,
  docxEmpty: 'This Word document has no text or pictures that can be printed. Please check that you chose the right file, or save it as a PDF and upload the PDF.',
  tooManyPages: (maxPages: number) => `This document has more than ${maxPages} pages once converted. Please upload a shorter document.`,
  timedOut: `This document took too long to convert. ${SAVE_AS_PDF}`,
  failed: `This document could not be converted. Please try again, or save it as a PDF and upload the PDF.`,
} as const;
