import { SandboxClosedError } from './sandbox-errors';
import type { SandboxPool } from './sandbox-pool';
import type { SandboxLimits } from './sandbox-protocol';
import type { GenerateOptions } from '../application-pdf/generate';
import type { ApplicationContent } from '../application-pdf/print-items';

/**
 * The bounds of one application PDF: the form and up to a few hundred pages of documents that
 * pdf-lib copies, which takes a good while and a good deal of memory for the largest applications.
 */
// The wall-clock backstop stays under the job's lease (2 minutes), so a live render keeps its claim.
export const DEFAULT_RENDER_LIMITS: SandboxLimits = { timeoutMs: 60_000, maxWallMs: 100_000, maxRssMb: 1024 };

export interface ApplicationPdfRunner {
  /** The PDF; SandboxClosedError when the pool stopped first, so the generation is given back uncounted. */
  render(content: ApplicationContent, documents: readonly Uint8Array[], options: GenerateOptions): Promise<Buffer>;
}

/**
 * Renders application PDFs in the sandbox pool, the one that also converts documents: the
 * converted documents it appends are applicants' files too, and the render is long and heavy.
 */
export function createApplicationPdfRunner(pool: SandboxPool, limits: Partial<SandboxLimits> = {}): ApplicationPdfRunner {
  const bounds = { ...DEFAULT_RENDER_LIMITS, ...limits };
  return {
    async render(content, documents, options) {
      try {
        return await pool.run({ kind: 'render-application', content, documents: [...documents], options }, bounds);
      } catch (error) {
        if (error instanceof SandboxClosedError) throw error;
        throw new Error('The application PDF could not be rendered.', { cause: error });
      }
    },
  };
}
