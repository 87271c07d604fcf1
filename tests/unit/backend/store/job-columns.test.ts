import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { conversions } from '../../../../backend/store/migrations/006-conversions';
import { applicationPdfs } from '../../../../backend/store/migrations/008-application-pdfs';
import { officePdfs } from '../../../../backend/store/migrations/018-office-pdfs';

const JOB_COLUMNS = `"status" text not null, "message" text, "pdf_key" text, "attempts" integer default 0 not null, "claimed_by" text, "claimed_at" bigint, "created_at" bigint not null, "updated_at" bigint not null`;

/**
 * Migrations applied in the field must make the SQL they made when they were applied: 006, 008 and
 * 018 build their job columns with the shared addJobColumns (issue 36 item 2), so these are the
 * statements they ran before it, to the byte, on both stores.
 */
describe.each(['sqlite', 'postgres'] as const)('the job tables migrations create on %s', (dialect) => {
  async function statementsOf(up: (db: Kysely<unknown>) => Promise<void>): Promise<string[]> {
    const statements: string[] = [];
    const db = new Kysely<unknown>({
      dialect: {
        createAdapter: () => (dialect === 'sqlite' ? new SqliteAdapter() : new PostgresAdapter()),
        createDriver: () => new DummyDriver(),
        createIntrospector: (kysely) => (dialect === 'sqlite' ? new SqliteIntrospector(kysely) : new PostgresIntrospector(kysely)),
        createQueryCompiler: () => (dialect === 'sqlite' ? new SqliteQueryCompiler() : new PostgresQueryCompiler()),
      },
      log: (event) => void statements.push(event.query.sql),
    });
    await up(db);
    return statements.filter((statement) => statement.startsWith('create table'));
  }

  it('006 creates the conversions as it did', async () => {
    expect(await statementsOf(conversions.up)).toEqual([
      `create table "conversions" ("id" text primary key, "account_id" text not null references "accounts" ("id") on delete cascade, "answer_key" text not null, "file_key" text not null, "file_name" text not null, "file_size" integer not null, ${JOB_COLUMNS}, constraint "conversions_account_answer" unique ("account_id", "answer_key"))`,
    ]);
  });

  it('008 creates the application PDFs as it did', async () => {
    expect(await statementsOf(applicationPdfs.up)).toEqual([
      `create table "application_pdfs" ("account_id" text primary key references "accounts" ("id") on delete cascade, "id" text not null unique, "fingerprint" text not null, ${JOB_COLUMNS})`,
    ]);
  });

  it('018 rebuilds the application PDFs with an audience as it did', async () => {
    expect(await statementsOf(officePdfs.up)).toEqual([
      `create table "application_pdfs_018" ("account_id" text not null references "accounts" ("id") on delete cascade, "audience" text default 'applicant' not null, "id" text not null unique, "fingerprint" text not null, ${JOB_COLUMNS}, constraint "application_pdfs_018_pk" primary key ("account_id", "audience"))`,
    ]);
  });
});
