import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { jobQueue, newJob, PROCESSING_STATUSES, type Claimed } from '../jobs/job-queue';
import type { Dialect } from '../store/dialect';
import type { ApplicationPdfsTable, PdfAudience } from '../store/application-pdf-schema';
import type { Database } from '../store/schema';

export type ApplicationPdfRow = Selectable<ApplicationPdfsTable>;
/** A generation as one loop claimed it; every later write must still match the claim. */
export type ClaimedApplicationPdf = Claimed<ApplicationPdfRow>;

/** The generations of application PDFs as a queue: the oldest waiting first. */
export const applicationPdfJobs = (db: Kysely<Database>, dialect: Dialect) => jobQueue(db, 'application_pdfs', { dialect, statuses: PROCESSING_STATUSES });

/**
 * The application PDF of each applicant, one row for each audience (the applicant's own, the
 * office's): the current generation, keyed by the fingerprint of the content it is made from. Generations are jobs claimed like conversions.
 */
export function applicationPdfStore(db: Kysely<Database>, dialect: Dialect) {
  const jobs = applicationPdfJobs(db, dialect);

  return {
    async find(accountId: string, audience: PdfAudience): Promise<ApplicationPdfRow | null> {
      return (await db.selectFrom('application_pdfs').selectAll().where('account_id', '=', accountId).where('audience', '=', audience).executeTakeFirst()) ?? null;
    },

    async findById(id: string): Promise<ApplicationPdfRow | null> {
      return (await db.selectFrom('application_pdfs').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
    },

    /**
     * The generation for this fingerprint: the current row when it was made (or is being made)
     * from the same content, else a new waiting generation replacing it (the replaced row is
     * returned, so its PDF can be deleted). A FAILED generation is reported once and queued again.
     */
    async request(accountId: string, audience: PdfAudience, fingerprint: string, now: number): Promise<{ current: ApplicationPdfRow; replaced: ApplicationPdfRow | null }> {
      return db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('application_pdfs')
          .selectAll()
          .where('account_id', '=', accountId)
          .where('audience', '=', audience)
          .$if(dialect === 'postgres', (qb) => qb.forUpdate())
          .executeTakeFirst();
        if (existing && existing.fingerprint === fingerprint) {
          if (existing.status === 'FAILED') await jobs.requeue(existing.id, now, { message: null }, trx);
          return { current: existing, replaced: null };
        }
        const fresh = { id: randomUUID(), fingerprint, message: null, pdf_key: null, ...newJob(PROCESSING_STATUSES, now) };
        // Two first requests at once: the second finds the first's row by the conflict and keeps it.
        const current = await trx
          .insertInto('application_pdfs')
          .values({ ...fresh, account_id: accountId, audience })
          .onConflict((oc) => oc.columns(['account_id', 'audience']).doUpdateSet(fresh).where('application_pdfs.fingerprint', '!=', fingerprint))
          .returningAll()
          .executeTakeFirst();
        if (!current) {
          const kept = await trx.selectFrom('application_pdfs').selectAll().where('account_id', '=', accountId).where('audience', '=', audience).executeTakeFirstOrThrow();
          return { current: kept, replaced: null };
        }
        return { current, replaced: existing ?? null };
      });
    },

    /** Takes the oldest waiting generation, or one whose claim is older than the lease; each claim counts an attempt. */
    claim: jobs.claim,

    /**
     * COMPLETED with its PDF; `fingerprint` is that of the content the job read, which may be
     * newer than the request's: the next request then sees whether the file is current.
     */
    async complete(job: ClaimedApplicationPdf, pdfKey: string, fingerprint: string, now: number): Promise<boolean> {
      return jobs.complete(job, now, { pdf_key: pdfKey, fingerprint, message: null });
    },

    async fail(job: ClaimedApplicationPdf, message: string, now: number): Promise<boolean> {
      return jobs.fail(job, now, { message, pdf_key: null });
    },

    /** Back to waiting for any loop; `refund` does not count this attempt (the instance is stopping). */
    release: jobs.release,
  };
}

/** The application pdfs part of the store, as the services that use it name it. */
export type ApplicationPdfStore = ReturnType<typeof applicationPdfStore>;
