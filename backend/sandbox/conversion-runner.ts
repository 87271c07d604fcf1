import { ConversionError, conversionMessages } from '../documents/conversion-error';
import type { CheckedDocument } from '../documents/checked-document';
import { conversionOptions, type ConversionOptions } from '../documents/conversion-options';
import { SandboxClosedError, SandboxMemoryError, SandboxTaskError, SandboxTimeoutError } from './sandbox-errors';
import type { SandboxPool } from './sandbox-pool';
import type { SandboxLimits } from './sandbox-protocol';

/**
 * The bounds of one conversion: a document of at most 1 MB that needs more than this is not one
 * an applicant meant to send (the corpus's worst file takes well under both; docs/performance.md).
 * The memory is the sandbox process's whole: about 120 MB with the converters loaded, plus 256 MB
 * for the document.
 */
export const DEFAULT_CONVERSION_LIMITS: SandboxLimits = { timeoutMs: 15_000, maxRssMb: 384 };

/**
 * LibreOffice's own time limit stays this far under the sandbox's, so that its sandbox process
 * kills it and removes its work folder, and answers "took too long", before the pool's limit.
 */
const LIBREOFFICE_HEADROOM_MS = 1_000;

export interface ConversionRunnerOptions {
  conversion?: Partial<ConversionOptions>;
  limits?: Partial<SandboxLimits>;
}

export interface ConversionRunner {
  /** The document as a PDF, or a ConversionError with the applicant's message; SandboxClosedError when the pool stopped first. */
  run(document: CheckedDocument): Promise<Buffer>;
}

/** The applicant's side of whatever ended a conversion in the sandbox. */
function conversionFailure(error: unknown): Error {
  if (error instanceof SandboxClosedError) return error;
  if (error instanceof SandboxTaskError) return new ConversionError(error.applicantMessage ?? conversionMessages.failed, { cause: error });
  if (error instanceof SandboxTimeoutError) return new ConversionError(conversionMessages.timedOut, { cause: error });
  if (error instanceof SandboxMemoryError) return new ConversionError(conversionMessages.docxTooLarge, { cause: error });
  return new ConversionError(conversionMessages.failed, { cause: error });
}

/**
 * `convertToPdf` in the sandbox pool's processes, off the server's process: a document that
 * crashes its process, exhausts its memory or loops fails with a message; the server goes on.
 */
export function createConversionRunner(pool: SandboxPool, options: ConversionRunnerOptions = {}): ConversionRunner {
  const limits = { ...DEFAULT_CONVERSION_LIMITS, ...options.limits };
  const conversion = conversionOptions({ libreOfficeTimeoutMs: Math.max(1_000, limits.timeoutMs - LIBREOFFICE_HEADROOM_MS), ...options.conversion });
  // Word documents through LibreOffice: each sandbox process starts its soffice as it starts.
  if (conversion.docxConverter.name === 'libreoffice') pool.keepOfficeWarm(conversion);
  return {
    async run(document) {
      try {
        return await pool.run({ kind: 'convert', document, options: conversion }, limits);
      } catch (error) {
        throw conversionFailure(error);
      }
    },
  };
}
