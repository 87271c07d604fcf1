import { conversionOptions, type ConversionOptions } from './conversion-options';
import type { CheckedDocument } from './checked-document';
import { docxToPdf } from './docx/docx-to-pdf';
import { imageToPdf } from './images/image-to-pdf';
import { docxToPdfWithLibreOffice } from './libreoffice/docx-to-pdf-with-libreoffice';
import { keepPdf } from './pdf/keep-pdf';

/**
 * An uploaded document as a PDF for the application (DESIGN.md section 7): a PDF is checked and
 * kept, a PNG or JPEG becomes a page, a Word document is converted by LibreOffice or laid out by
 * the built-in converter, as options.docxConverter says. The document's bound and type were
 * decided at the conversion job's door (checked-document.ts) and are not checked again here. Throws a ConversionError whose message is meant for the applicant; any other error is a bug.
 * Runs on the calling thread: the server calls it through the conversion runner's workers.
 */
export async function convertToPdf(document: CheckedDocument, overrides: Partial<ConversionOptions> = {}): Promise<Buffer> {
  const options = conversionOptions(overrides);
  const bytes = Buffer.from(document.bytes.buffer, document.bytes.byteOffset, document.bytes.byteLength);
  const type = document.type;
  switch (type) {
    case 'pdf':
      return keepPdf(bytes, options);
    case 'png':
    case 'jpeg':
      return imageToPdf(bytes, type, options);
    case 'docx':
      return options.docxConverter.name === 'libreoffice' ? docxToPdfWithLibreOffice(bytes, options, options.docxConverter.programs) : docxToPdf(bytes, options);
  }
}
