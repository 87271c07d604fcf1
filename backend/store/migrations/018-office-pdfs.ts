import { sql, type Kysely } from 'kysely';
import { addJobColumns, documentJobResult } from './job-columns';

/**
 * The application PDF is made for two readers (issue 28 item 4): the applicant's own, and the
 * office's, which appends the letters of recommendation the applicant never reads. Each account
 * then has a row per audience: the table is rebuilt with `audience` in its primary key (SQLite
 * cannot change a primary key in place), the existing rows being the applicant's.
 */
export const officePdfs = {
  async up(db: Kysely<unknown>): Promise<void> {
    const payload = db.schema
      .createTable('application_pdfs_018')
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('audience', 'text', (c) => c.notNull().defaultTo('applicant'))
      .addColumn('id', 'text', (c) => c.notNull().unique())
      .addColumn('fingerprint', 'text', (c) => c.notNull());
    await addJobColumns(payload, documentJobResult)
      .addPrimaryKeyConstraint('application_pdfs_018_pk', ['account_id', 'audience'])
      .execute();
    const columns = sql.raw('account_id, id, fingerprint, status, message, pdf_key, attempts, claimed_by, claimed_at, created_at, updated_at');
    await sql`INSERT INTO application_pdfs_018 (${columns}, audience) SELECT ${columns}, 'applicant' FROM application_pdfs`.execute(db);
    await db.schema.dropTable('application_pdfs').execute();
    await db.schema.alterTable('application_pdfs_018').renameTo('application_pdfs').execute();
    await db.schema.createIndex('application_pdfs_status').on('application_pdfs').columns(['status', 'created_at']).execute();
  },
};
