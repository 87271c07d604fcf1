import { ConversionError, conversionMessages } from '../conversion-error';
import type { ConversionOptions } from '../conversion-options';
import { checkDocxPackage } from '../docx/check-docx-package';
import { keepPdf } from '../pdf/keep-pdf';
import { WALL_CLOCK_BACKSTOP_FACTOR } from '../../processes/process-cpu';
import type { LibreOfficePrograms } from './isolated-command';
import { runSoffice, type SofficeLimits, type SofficeOutcome } from './run-soffice';
import { createWarmOffice, type WarmOffice, type WarmOfficeLimits } from './warm-office';
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

/** This sandbox process's warm soffice, started with the process (prepareWarmOffice) or its first Word document. */
let warmOffice: WarmOffice | null = null;

/** What one conversion's soffice may use, from the conversion's options. */
function sofficeLimits(options: ConversionOptions): SofficeLimits {
  return { timeoutMs: options.libreOfficeTimeoutMs, maxWallMs: options.libreOfficeTimeoutMs * WALL_CLOCK_BACKSTOP_FACTOR, maxMemoryMb: options.libreOfficeMemoryMb, maxPdfBytes: options.maxDecodedPdfBytes };
}

/** The warm soffice's limits: one document's, and how long it lives. */
function warmOfficeLimits(options: ConversionOptions): WarmOfficeLimits {
  return { ...sofficeLimits(options), documentsPerOffice: options.libreOfficeDocumentsPerOffice, maxRssMb: options.libreOfficeMaxRssMb };
}

/** This process's warm soffice, made where Python's UNO bindings are installed. */
function warmOfficeFor(programs: LibreOfficePrograms): WarmOffice | null {
  const { unoPython } = programs;
  if (!unoPython) return null;
  return (warmOffice ??= createWarmOffice({ ...programs, unoPython }));
}

/**
 * Starts this sandbox process's warm soffice for these conversions now, before any Word document
 * asks (about 2 s of soffice's start, paid while the process serves other documents or waits);
 * resolves when it is up or has failed to start. Nothing to do where there is none to keep.
 */
export async function prepareWarmOffice(options: ConversionOptions): Promise<void> {
  if (options.docxConverter.name !== 'libreoffice') return;
  await warmOfficeFor(options.docxConverter.programs)?.prepare(warmOfficeLimits(options));
}

/**
 * The document through the warm soffice where Python's UNO bindings are installed; through a
 * soffice of its own, started for it, where they are not, or where the warm one failed on it
 * (soffice crashed, or could not load it): the cold run, as before, decides the document's fate.
 */
async function convertWarmOrCold(bytes: Buffer, options: ConversionOptions, programs: LibreOfficePrograms): Promise<SofficeOutcome> {
  const warm = await warmOfficeFor(programs)?.convert(bytes, warmOfficeLimits(options));
  if (warm && warm.kind !== 'office-failed') return warm;
  return withWorkDir((dir) => runSoffice(programs, dir, bytes, sofficeLimits(options)));
}

/**
 * A Word document as a PDF through LibreOffice headless (docs/decisions.md): the package is
 * checked against the size limits first (a zip bomb would keep soffice busy past a minute), then
 * converted in a fresh work folder by soffice fenced in (runSoffice), and its PDF kept only if it
 * passes the checks of an uploaded PDF.
 */
export async function docxToPdfWithLibreOffice(bytes: Buffer, options: ConversionOptions, programs: LibreOfficePrograms): Promise<Buffer> {
  checkDocxPackage(bytes, options);
  const outcome = await convertWarmOrCold(bytes, options, programs);
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
