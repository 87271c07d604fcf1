// Run by sqlite-database.test.ts in a process of its own: writes 50,000 rows through Kysely in
// batches, as the lookups import does, then prints the count. Built against Node 24.19+'s headers,
// better-sqlite3 12 aborted such a process when the GC collected one of its statements.
import path from 'node:path';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { openSqliteDatabase } from '../../../../backend/store/sqlite-database';

const database = openSqliteDatabase(path.join(process.argv[2]!, 'bulk.sqlite'));
const db = new Kysely<{ rows: { id: number; name: string } }>({ dialect: new SqliteDialect({ database }) });
await sql`CREATE TABLE rows (id INTEGER PRIMARY KEY, name TEXT NOT NULL)`.execute(db);
await db.transaction().execute(async (trx) => {
  for (let batch = 0; batch < 500; batch += 1) {
    await trx.insertInto('rows').values(Array.from({ length: 100 }, (_, i) => ({ id: batch * 100 + i, name: `row ${batch * 100 + i} `.repeat(20) }))).execute();
  }
});
const { count } = await db.selectFrom('rows').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
await db.destroy();
console.log(count);
