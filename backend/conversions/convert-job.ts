import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { objectKeyPart } from '../applicant/later-documents';
import type { Clock } from '../platform/clock';
import { ConversionError } from '../documents/conversion-error';
import type { ConversionRunner } from '../sandbox/conversion-runner';
import { SandboxClosedError } from '../sandbox/sandbox-errors';
import { checkDocument } from '../documents/checked-document';
import type { ObjectStore } from '../storage';
import { accountObjectPrefix } from '../storage/account-objects';
import type { ClaimedConversion, ConversionStore } from './conversions-store';
import { conversionJobMessages } from './conversion-messages';

export interface ConvertJobDeps {
  store: { conversions: ConversionStore };
  objects: ObjectStore;
  runner: Pick<ConversionRunner, 'run'>;
  clock: Clock;
  logger: Logger;
  /** Claims of one job before it fails with the default message (an error not the document's, or an instance that died). */
  maxAttempts: number;
  /** Told of each job completed, after its PDF and status are stored (a letter's arrival, the checklist). */
  onCompleted?: (job: ClaimedConversion) => Promise<void>;
}

/** What became of a claimed job; `superseded` when the applicant replaced or deleted it meanwhile. */
export type JobOutcome = 'completed' | 'failed' | 'retry' | 'released' | 'superseded';

export const convertedPdfKey = (job: ClaimedConversion) => `${accountObjectPrefix('converted', job.account_id)}${objectKeyPart(job.answer_key)}/${randomUUID()}.pdf`;

/**
 * Converts one claimed job: the uploaded bytes are checked once, here (size, then the type from
 * the magic numbers, which the name must agree with), converted in the runner's worker threads, and the PDF stored; the job is then COMPLETED and the
 * answer ANSWERED. A ConversionError fails the job with its message for the applicant; any other
 * error is tried again by a later claim, up to maxAttempts claims.
 */
export async function convertJob(deps: ConvertJobDeps, job: ClaimedConversion): Promise<JobOutcome> {
  const { store, objects, runner, clock, logger } = deps;
  const log = logger.child({ conversion: job.id, attempt: job.attempts });
  const fail = async (message: string): Promise<JobOutcome> => ((await store.conversions.fail(job, message, clock())) ? 'failed' : 'superseded');

  // More claims than attempts means instances died converting it: never let one job take them all down.
  if (job.attempts > deps.maxAttempts) return fail(conversionJobMessages.failed);

  let pdfKey: string | null = null;
  try {
    const bytes = await objects.get(job.file_key);
    if (!bytes) return await fail(conversionJobMessages.uploadMissing);
    // The job's door: the document's bound and type are decided here, once; the runner, the
    // sandbox and the converters take the checked document and trust it.
    const check = checkDocument(bytes, job.file_name);
    if (!check.ok) return await fail(check.message);

    const pdf = await runner.run(check.document);
    pdfKey = convertedPdfKey(job);
    await objects.put(pdfKey, pdf, 'application/pdf');
    if (await store.conversions.complete(job, pdfKey, clock())) {
      // The document is converted whatever follows: a failure here is logged, never a failed job.
      await deps.onCompleted?.(job).catch((error: unknown) => log.error({ err: error }, 'what follows a conversion failed'));
      return 'completed';
    }
    await objects.delete(pdfKey);
    return 'superseded';
  } catch (error) {
    if (pdfKey) await objects.delete(pdfKey).catch((cleanup: unknown) => log.warn({ err: cleanup, key: pdfKey }, 'could not delete a converted PDF'));
    if (error instanceof ConversionError) {
      log.info({ err: error }, 'conversion refused');
      return fail(error.message);
    }
    if (error instanceof SandboxClosedError) {
      // Stopping, not failing: the job goes back to waiting, uncounted, for this or another instance.
      return (await store.conversions.release(job, clock(), { refund: true })) ? 'released' : 'superseded';
    }
    log.error({ err: error }, 'conversion attempt failed');
    if (job.attempts >= deps.maxAttempts) return fail(conversionJobMessages.failed);
    return (await store.conversions.release(job, clock())) ? 'retry' : 'superseded';
  }
}
