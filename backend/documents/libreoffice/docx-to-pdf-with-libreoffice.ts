import { ConversionError, conversionMessages } from '../conversion-error';
import type { ConversionOptions } from '../conversion-options';
import { checkDocxPackage } from '../docx/check-docx-package';
import { keepPdf } from '../pdf/keep-pdf';
import { WALL_CLOCK_BACKSTOP_FACTOR } from '../../sandbox/process-cpu';
import type { LibreOfficePrograms } from './isolated-command';
import { runSoffice, type SofficeLimits, type SofficeOutcome } from './run-soffice';
import { createWarmOffice, type WarmOffice } from './warm-office';
import { withWorkDir } from './work-dir';

/**
 * The applicant's words for what keepPdf found wrong with LibreOffice's PDF: they sent a Word
 * document, not a PDF. A document with nothing to print comes out as blank pages.
 */
const WORD_MESSAGES: ReadonlyMap<string, string> = new Map([
  [conversionMessages.pdfBlank, conversionMessages.docxEmpty],
  [conversionMessages.pdfTooComplex, conversionMessages.docxTooLarge],
  [conversionMessages.pdfDamaged, conversionMessages.failed],
  [conversionMessages.pdfEncrypted, conversionMessages.failed],
]);

/** LibreOffice's PDF checked as an uploaded PDF is, by the same code, before it is stored. */
async function keepConvertedPdf(pdf: Buffer, options: ConversionOptions): Promise<Buffer> {
  try {
    return await keepPdf(pdf, options);
  } catch (error) {
    const message = error instanceof ConversionError ? WORD_MESSAGES.get(error.message) : undefined;
    if (message) throw new ConversionError(message, { cause: error });
    throw error;
  }
}

/** This sandbox process's warm soffice, started with its first Word document. */
let warmOffice: WarmOffice | null = null;

/**
 * The document through the warm soffice where Python's UNO bindings are installed; through a
 * soffice of its own, started for it, where they are not, or where the warm one failed on it
 * (soffice crashed, or could not load it): the cold run, as before, decides the document's fate.
 */
async function convertWarmOrCold(bytes: Buffer, options: ConversionOptions, programs: LibreOfficePrograms, limits: SofficeLimits): Promise<SofficeOutcome> {
  const { unoPython } = programs;
  if (unoPython) {
    warmOffice ??= createWarmOffice({ ...programs, unoPython });
    const warm = await warmOffice.convert(bytes, { ...limits, documentsPerOffice: options.libreOfficeDocumentsPerOffice, maxRssMb: options.libreOfficeMaxRssMb });
    if (warm.kind !== 'office-failed') return warm;
  }
  return withWorkDir((dir) => runSoffice(programs, dir, bytes, limits));
}

/**
 * A Word document as a PDF through LibreOffice headless (docs/decisions.md): the package is
 * checked against the size limits first (a zip bomb would keep soffice busy past a minute), then
 * converted in a fresh work folder by soffice fenced in (runSoffice), and its PDF kept only if it
 * passes the checks of an uploaded PDF.
 */
export async function docxToPdfWithLibreOffice(bytes: Buffer, options: ConversionOptions, programs: LibreOfficePrograms): Promise<Buffer> {
  checkDocxPackage(bytes, options);
  const limits = { timeoutMs: options.libreOfficeTimeoutMs, maxWallMs: options.libreOfficeTimeoutMs * WALL_CLOCK_BACKSTOP_FACTOR, maxMemoryMb: options.libreOfficeMemoryMb, maxPdfBytes: options.maxDecodedPdfBytes };
  const outcome = await convertWarmOrCold(bytes, options, programs, limits);
  switch (outcome.kind) {
    case 'pdf':
      return keepConvertedPdf(outcome.pdf, options);
    case 'timed-out':
      throw new ConversionError(conversionMessages.timedOut);
    case 'pdf-too-large':
      throw new ConversionError(conversionMessages.docxTooLarge, { cause: new Error(`LibreOffice wrote a PDF of ${outcome.bytes} bytes`) });
    case 'no-pdf':
      throw new ConversionError(conversionMessages.docxDamaged, { cause: new Error(outcome.detail) });
  }
}
