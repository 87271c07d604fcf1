import { ConversionError, conversionMessages } from './conversion-error';
import { conversionOptions, type ConversionOptions } from './conversion-options';
import { detectDocumentType, isOleCompoundFile } from '../../common/uploads/document-type';
import { docxToPdf } from './docx/docx-to-pdf';
import { imageToPdf } from './images/image-to-pdf';
import { looksLikeDamagedPng } from './images/png-structure';
import { docxToPdfWithLibreOffice } from './libreoffice/docx-to-pdf-with-libreoffice';
import { keepPdf } from './pdf/keep-pdf';

/**
 * An uploaded document as a PDF for the application (DESIGN.md section 7): a PDF is checked and
 * kept, a PNG or JPEG becomes a page, a Word document is converted by LibreOffice or laid out by
 * the built-in converter, as options.docxConverter says. The type comes from the bytes.
 * Throws a ConversionError whose message is meant for the applicant; any other error is a bug.
 * Runs on the calling thread: the server calls it through the conversion runner's workers.
 */
export async function convertToPdf(bytes: Buffer, overrides: Partial<ConversionOptions> = {}): Promise<Buffer> {
  const options = conversionOptions(overrides);
  if (bytes.length === 0) throw new ConversionError(conversionMessages.empty);
  if (bytes.length > options.maxInputBytes) throw new ConversionError(conversionMessages.tooLarge);
  const type = detectDocumentType(bytes);
  switch (type) {
    case 'pdf':
      return keepPdf(bytes, options);
    case 'png':
    case 'jpeg':
      return imageToPdf(bytes, type, options);
    case 'docx':
      return options.docxConverter.name === 'libreoffice' ? docxToPdfWithLibreOffice(bytes, options, options.docxConverter.programs) : docxToPdf(bytes, options);
    default:
      if (looksLikeDamagedPng(bytes)) throw new ConversionError(conversionMessages.imageDamaged);
      throw new ConversionError(isOleCompoundFile(bytes) ? conversionMessages.protectedOrOldWord : conversionMessages.wrongType);
  }
}
