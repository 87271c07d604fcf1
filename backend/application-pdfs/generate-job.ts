import { randomUUID } from 'node:crypto';
import { applicationPdfMessages } from '../../common/application-pdf-messages';
import type { Logger } from 'pino';
import { systemClock, type Clock } from '../platform/clock';
import { createJobLoop, DEFAULT_LEASE_MS, type JobLoop, type QueueLoopSettings } from '../jobs/job-loop';
import type { ObjectStore } from '../storage';
import { accountObjectPrefix } from '../storage/account-objects';
import { loadPdfContent, type PdfContentStore } from './application-content';
import type { ApplicationPdfStore, ClaimedApplicationPdf } from './application-pdfs-store';
import { contentFingerprint } from '../application-pdf/fingerprint';
import { generateApplicationPdf, type RenderApplicationPdf } from '../application-pdf/generate';
import { SandboxClosedError } from '../sandbox/sandbox-errors';
import type { ApplicationPdfRunner } from '../sandbox/pdf-runner';

export type GenerationOutcome = 'completed' | 'failed' | 'retry' | 'superseded';

export interface GenerateJobDeps {
  store: PdfContentStore & { applicationPdfs: ApplicationPdfStore };
  objects: ObjectStore;
  clock: Clock;
  logger: Logger;
  maxAttempts: number;
  compress?: boolean;
  /** Where the PDF is rendered: the runner's worker thread in the server; this thread when absent. */
  render?: RenderApplicationPdf;
}

export const applicationPdfKey = (job: ClaimedApplicationPdf) => `${accountObjectPrefix('applicationPdfs', job.account_id)}${job.id}.pdf`;

/**
 * Makes the PDF of one claimed generation from the content as it is now, stores it and marks the
 * generation COMPLETED under the fingerprint of that content. An error is tried again by a later
 * claim, up to maxAttempts; a generation replaced meanwhile leaves no object behind.
 */
export async function generateJob(deps: GenerateJobDeps, job: ClaimedApplicationPdf): Promise<GenerationOutcome> {
  const { store, objects, clock } = deps;
  const log = deps.logger.child({ applicationPdf: job.id, attempt: job.attempts });
  const fail = async (): Promise<GenerationOutcome> => ((await store.applicationPdfs.fail(job, applicationPdfMessages.failed, clock())) ? 'failed' : 'superseded');
  if (job.attempts > deps.maxAttempts) return fail();

  const pdfKey = applicationPdfKey(job);
  try {
    const content = await loadPdfContent(store, job.account_id, job.audience);
    if (!content) return await fail();
    const pdf = await generateApplicationPdf(content, objects, { compress: deps.compress ?? true }, deps.render);
    await objects.put(pdfKey, pdf, 'application/pdf');
    if (await store.applicationPdfs.complete(job, pdfKey, contentFingerprint(content), clock())) return 'completed';
    await objects.delete(pdfKey);
    return 'superseded';
  } catch (error) {
    if (error instanceof SandboxClosedError) {
      // Stopping, not failing: back to waiting, uncounted, for this or another instance.
      return (await store.applicationPdfs.release(job, clock(), { refund: true })) ? 'retry' : 'superseded';
    }
    log.error({ err: error }, 'application PDF generation failed');
    await objects.delete(pdfKey).catch(() => undefined);
    if (job.attempts >= deps.maxAttempts) return fail();
    return (await store.applicationPdfs.release(job, clock())) ? 'retry' : 'superseded';
  }
}

export interface ApplicationPdfLoopOptions extends QueueLoopSettings {
  store: PdfContentStore & { applicationPdfs: ApplicationPdfStore };
  objects: ObjectStore;
  logger: Logger;
  clock?: Clock;
  compress?: boolean;
  /** Renders in its worker thread; without one the loop renders on the main thread (benchmarks, small tests). */
  runner?: Pick<ApplicationPdfRunner, 'render'>;
  onJob?: (outcome: string, jobId: string, seconds: number) => void;
}

/** The application PDFs' job loop: beside the conversions' one, on every instance. */
export function createApplicationPdfLoop(options: ApplicationPdfLoopOptions): JobLoop {
  const clock = options.clock ?? systemClock;
  const workerId = options.workerId ?? `pdf-${randomUUID()}`;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const deps: GenerateJobDeps = {
    store: options.store,
    objects: options.objects,
    clock,
    logger: options.logger,
    maxAttempts: options.maxAttempts ?? 3,
    compress: options.compress,
    render: options.runner ? (content, documents, renderOptions) => options.runner!.render(content, documents, renderOptions) : undefined,
  };
  return createJobLoop<ClaimedApplicationPdf>({
    name: 'application-pdf',
    claim: () => options.store.applicationPdfs.claim(workerId, clock(), leaseMs),
    run: (job) => generateJob(deps, job),
    logger: options.logger,
    pollMs: options.pollMs ?? 500,
    onJob: options.onJob,
  });
}
