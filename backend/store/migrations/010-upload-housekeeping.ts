import { sql, type Kysely } from 'kysely';

/**
 * Bounded uploads and their clean-up (docs/decisions.md, "Uploads"): `used_at` marks a form a
 * conversion has used, so it no longer counts against the applicant's outstanding forms; the
 * indexes serve housekeeping, which looks for expired forms and for objects no conversion names.
 */
export const uploadHousekeeping = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('uploads').addColumn('used_at', 'bigint').execute();
    await sql`UPDATE uploads SET used_at = created_at WHERE file_key IN (SELECT file_key FROM conversions)`.execute(db);
    await db.schema.createIndex('uploads_expires').on('uploads').column('expires_at').execute();
    await db.schema.createIndex('conversions_file_key').on('conversions').column('file_key').execute();
    await db.schema.createIndex('conversions_pdf_key').on('conversions').column('pdf_key').execute();
  },
};
