import type { CreateTableBuilder } from 'kysely';

/**
 * Adds the columns of a job table (JobColumns in schema.ts, claimed by backend/jobs/job-queue.ts)
 * after the table's payload: the status, then the columns of the job's result if it has any, then
 * how many times it was claimed, the claim and the times.
 *
 * Migrations applied in the field run it (006, 008, 018, 020): it must make the SQL it made, as
 * tests/unit/backend/store/job-columns.test.ts holds it. Changing a job table is a new migration.
 */
export function addJobColumns<TB extends string, C extends string>(
  table: CreateTableBuilder<TB, C>,
  result: (table: CreateTableBuilder<TB, C | 'status'>) => CreateTableBuilder<TB, C | 'status'> = (same) => same,
) {
  return result(table.addColumn('status', 'text', (c) => c.notNull()))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull());
}

/** What a document job (a conversion, an application PDF) leaves: the applicant's message of a failure, or the PDF. */
export const documentJobResult = <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
  table.addColumn('message', 'text').addColumn('pdf_key', 'text');
