import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Dialect } from '../store/dialect';
import type { ApplicationPdfsTable, Database, PdfAudience } from '../store/schema';

export type ApplicationPdfRow = Selectable<ApplicationPdfsTable>;
/** A generation as one loop claimed it; every later write must still match the claim. */
export type ClaimedApplicationPdf = ApplicationPdfRow & { claimed_by: string; claimed_at: number };

/**
 * The application PDF of each applicant, one row for each audience (the applicant's own, the
 * office's): the current generation, keyed by the fingerprint of the content it is made from. Generations are jobs claimed like conversions.
 */
export function applicationPdfStore(db: Kysely<Database>, dialect: Dialect) {
  const stillClaimed = (job: ClaimedApplicationPdf) =>
    db
      .updateTable('application_pdfs')
      .where('id', '=', job.id)
      .where('status', '=', 'IN_PROGRESS')
      .where('claimed_by', '=', job.claimed_by)
      .where('claimed_at', '=', job.claimed_at);

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
          if (existing.status === 'FAILED') {
            await trx
              .updateTable('application_pdfs')
              .set({ status: 'UNPROCESSED', message: null, attempts: 0, claimed_by: null, claimed_at: null, updated_at: now })
              .where('id', '=', existing.id)
              .execute();
          }
          return { current: existing, replaced: null };
        }
        const fresh = {
          id: randomUUID(),
          fingerprint,
          status: 'UNPROCESSED' as const,
          message: null,
          pdf_key: null,
          attempts: 0,
          claimed_by: null,
          claimed_at: null,
          created_at: now,
          updated_at: now,
        };
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

    /** Takes the oldest waiting generation, or one whose claim is older than the lease, in one statement. */
    async claim(workerId: string, now: number, leaseMs: number): Promise<ClaimedApplicationPdf | null> {
      const next = db
        .selectFrom('application_pdfs')
        .select('id')
        .where((eb) =>
          eb.or([eb('status', '=', 'UNPROCESSED'), eb.and([eb('status', '=', 'IN_PROGRESS'), eb('claimed_at', '<', now - leaseMs)])]),
        )
        .orderBy('created_at')
        .orderBy('id')
        .limit(1)
        .$if(dialect === 'postgres', (qb) => qb.forUpdate().skipLocked());
      const row = await db
        .updateTable('application_pdfs')
        .set((eb) => ({ status: 'IN_PROGRESS', claimed_by: workerId, claimed_at: now, attempts: eb('attempts', '+', 1), updated_at: now }))
        .where('id', '=', next)
        .returningAll()
        .executeTakeFirst();
      return row ? (row as ClaimedApplicationPdf) : null;
    },

    /**
     * COMPLETED with its PDF; `fingerprint` is that of the content the job read, which may be
     * newer than the request's: the next request then sees whether the file is current.
     */
    async complete(job: ClaimedApplicationPdf, pdfKey: string, fingerprint: string, now: number): Promise<boolean> {
      const result = await stillClaimed(job).set({ status: 'COMPLETED', pdf_key: pdfKey, fingerprint, message: null, updated_at: now }).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async fail(job: ClaimedApplicationPdf, message: string, now: number): Promise<boolean> {
      const result = await stillClaimed(job).set({ status: 'FAILED', message, pdf_key: null, updated_at: now }).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Back to waiting for any loop; `refund` does not count this attempt (the instance is stopping). */
    async release(job: ClaimedApplicationPdf, now: number, refund = false): Promise<boolean> {
      const result = await stillClaimed(job)
        .set((eb) => ({ status: 'UNPROCESSED', claimed_by: null, claimed_at: null, updated_at: now, ...(refund ? { attempts: eb('attempts', '-', 1) } : {}) }))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

/** The application pdfs part of the store, as the services that use it name it. */
export type ApplicationPdfStore = ReturnType<typeof applicationPdfStore>;
