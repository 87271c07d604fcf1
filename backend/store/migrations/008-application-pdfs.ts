import type { Kysely } from 'kysely';
import { addJobColumns, documentJobResult } from './job-columns';

/**
 * The whole-application PDF (DESIGN.md section 7): one row per applicant, the generation of the
 * content whose fingerprint it holds. A generation is a job like a conversion: claimed by one
 * instance at a time, so a restart or another instance resumes it.
 */
export const applicationPdfs = {
  async up(db: Kysely<unknown>): Promise<void> {
    const payload = db.schema
      .createTable('application_pdfs')
      .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
      .addColumn('id', 'text', (c) => c.notNull().unique())
      .addColumn('fingerprint', 'text', (c) => c.notNull());
    await addJobColumns(payload, documentJobResult).execute();
    await db.schema.createIndex('application_pdfs_status').on('application_pdfs').columns(['status', 'created_at']).execute();
  },
};
