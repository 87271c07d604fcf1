import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../backend/store/db';
import { createTestDatabase, type TestDatabase } from '../../scripts/support/databases';

describe('statements on PostgreSQL', () => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    // One connection, so every query below runs on the connection whose statements it reads.
    db = database.openDb({ poolSize: 1 });
    await sql`create table notes (id integer primary key, body text not null)`.execute(db.kysely);
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  const prepared = async () =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements order by prepare_time`.execute(db.kysely)).rows.map((row) => row.statement);

  it('are prepared once per text on a connection and run with each query\'s own parameters', async () => {
    await db.kysely.insertInto('notes' as never).values({ id: 1, body: 'first' } as never).execute();
    await db.kysely.insertInto('notes' as never).values({ id: 2, body: 'second' } as never).execute();
    const body = async (id: number) => (await sql<{ body: string }>`select body from notes where id = ${id}`.execute(db.kysely)).rows[0]?.body;
    expect(await body(1)).toBe('first');
    expect(await body(2)).toBe('second');
    const statements = await prepared();
    expect(statements.filter((text) => text.includes('insert into "notes"'))).toHaveLength(1);
    expect(statements.filter((text) => text.includes('select body from notes'))).toHaveLength(1);
  });

  it('run again after a table changed under a statement that reads it whole: one query fails, the next are prepared anew', async () => {
    const all = () => sql<Record<string, unknown>>`select * from notes where id = ${1}`.execute(db.kysely);
    expect((await all()).rows).toEqual([{ id: 1, body: 'first' }]);
    await sql`alter table notes add column mood text`.execute(db.kysely);
    await all().catch(() => undefined);
    expect((await all()).rows).toEqual([{ id: 1, body: 'first', mood: null }]);
    expect((await all()).rows).toEqual([{ id: 1, body: 'first', mood: null }]);
  });
});
