import type { Logger } from 'pino';
import { HOUR_MS } from '../platform/clock';
import type { ObjectStore } from '../storage';
import { accountObjectFolders } from '../storage/account-objects';
import type { SubmissionStore } from '../applicant/submissions-store';
import type { UploadStore } from '../applicant/uploads-store';
import type { ConversionStore } from '../conversions/conversions-store';

/** The store parts the sweep reads: the uploads and what still names their objects. */
export interface UploadSweepStore {
  uploads: UploadStore;
  conversions: ConversionStore;
  submissions: SubmissionStore;
}

/**
 * How long past a form's expiry, or a PDF's writing, before what nothing names may go: far longer
 * than an upload in flight or a conversion takes, so nothing about to be named is deleted.
 */
export const UPLOAD_SWEEP_GRACE_MS = HOUR_MS;
/** Where the conversion worker writes PDFs: converted/<account id>/<answer key>/<uuid>.pdf. */
const CONVERTED_PREFIX = `${accountObjectFolders.converted}/`;
const BATCH = 500;

export interface UploadSweepDeps {
  store: UploadSweepStore;
  objects: ObjectStore;
  logger: Logger;
}

/**
 * Deletes the objects no document needs (docs/decisions.md, "Uploads: limits and clean-up"):
 * uploaded files whose form expired over the grace ago and that no conversion names (never
 * converted, or the file of a document replaced, deleted or hidden whose inline deletion failed),
 * with their `uploads` rows; and converted PDFs written over the grace ago that no conversion
 * names. Nothing a submission's snapshot names is deleted, whatever the tables say.
 */
export async function sweepUploads(deps: UploadSweepDeps, now: number): Promise<void> {
  const before = now - UPLOAD_SWEEP_GRACE_MS;
  const uploads = await sweepUnusedUploads(deps, before);
  if (uploads > 0) deps.logger.info({ uploads }, 'housekeeping deleted expired uploads no conversion uses');
  const pdfs = await sweepUnnamedPdfs(deps, before);
  if (pdfs > 0) deps.logger.info({ pdfs }, 'housekeeping deleted converted PDFs no conversion names');
}

async function sweepUnusedUploads({ store, objects, logger }: UploadSweepDeps, before: number): Promise<number> {
  let deleted = 0;
  // Keyset pages: a row kept (a submission names it) is passed over, not read again and again.
  for (let afterKey = ''; ; ) {
    const rows = await store.uploads.unusedBefore(before, afterKey, BATCH);
    if (rows.length === 0) return deleted;
    afterKey = rows.at(-1)!.file_key;
    const kept = await store.submissions.objectKeysNamedBy(distinct(rows.map((row) => row.account_id)));
    for (const row of rows.filter((candidate) => !kept.has(candidate.file_key))) {
      // The object first: when its deletion fails the row stays, and a later run tries again.
      const done = await attempt(logger, row.file_key, async () => {
        await objects.delete(row.file_key);
        await store.uploads.delete(row.file_key);
      });
      if (done) deleted += 1;
    }
    if (rows.length < BATCH) return deleted;
  }
}

async function sweepUnnamedPdfs(deps: UploadSweepDeps, before: number): Promise<number> {
  let deleted = 0;
  let batch: string[] = [];
  for await (const object of deps.objects.list(CONVERTED_PREFIX)) {
    // A recent PDF may belong to a conversion about to be completed: its row names it only then.
    if (object.modifiedAt >= before) continue;
    batch.push(object.key);
    if (batch.length === BATCH) {
      deleted += await deleteUnnamedPdfs(deps, batch);
      batch = [];
    }
  }
  return deleted + (await deleteUnnamedPdfs(deps, batch));
}

async function deleteUnnamedPdfs({ store, objects, logger }: UploadSweepDeps, keys: readonly string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const [converted, submitted] = await Promise.all([
    store.conversions.pdfKeysAmong(keys),
    store.submissions.objectKeysNamedBy(distinct(keys.map((key) => key.split('/')[1] ?? ''))),
  ]);
  let deleted = 0;
  for (const key of keys.filter((candidate) => !converted.has(candidate) && !submitted.has(candidate))) {
    if (await attempt(logger, key, () => objects.delete(key))) deleted += 1;
  }
  return deleted;
}

/** One deletion; a failure is logged and the sweep goes on with the next (the next run tries again). */
async function attempt(logger: Logger, key: string, remove: () => Promise<void>): Promise<boolean> {
  try {
    await remove();
    return true;
  } catch (error) {
    logger.warn({ err: error, key }, 'housekeeping could not delete an object');
    return false;
  }
}

const distinct = (values: readonly string[]) => [...new Set(values)];
