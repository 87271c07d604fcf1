import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compileOnce } from '../../../../backend/store/compile-once';
import { openSqliteDatabase } from '../../../../backend/store/sqlite-database';

interface Notes {
  notes: { id: string; owner: string; body: string };
}

let dataDir: string;
let db: Kysely<Notes>;
beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-compile-once-'));
  db = new Kysely<Notes>({ dialect: new SqliteDialect({ database: openSqliteDatabase(path.join(dataDir, 'notes.sqlite')) }) });
  await sql`create table notes (id text primary key, owner text not null, body text not null)`.execute(db);
  await db
    .insertInto('notes')
    .values([
      { id: 'a', owner: 'ada', body: 'first' },
      { id: 'b', owner: 'ada', body: 'second' },
      { id: 'c', owner: 'grace', body: 'third' },
    ])
    .execute();
});
afterEach(async () => {
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('compileOnce', () => {
  it('compiles a query once and runs it with each call\'s values, keeping its own constants', async () => {
    let builds = 0;
    const query = compileOnce((owner, after) => {
      builds += 1;
      return db.selectFrom('notes').select('body').where('owner', '=', owner).where('id', '>', after).where('body', '!=', 'never').orderBy('id');
    });
    expect((await db.executeQuery(query('ada', ''))).rows).toEqual([{ body: 'first' }, { body: 'second' }]);
    expect((await db.executeQuery(query('ada', 'a'))).rows).toEqual([{ body: 'second' }]);
    expect((await db.executeQuery(query('grace', ''))).rows).toEqual([{ body: 'third' }]);
    expect(query('x', 'y').sql).toBe(query('z', 'w').sql);
    expect(query('x', 'y').parameters).toEqual(['x', 'y', 'never']);
    expect(builds).toBe(1);
  });

  it('refuses a query that does not take a value as a parameter', () => {
    const query = compileOnce((owner) => db.selectFrom('notes').select('body').where('owner', '=', 'ada').where(sql.lit(owner.length), '>', 0));
    expect(() => query('ada')).toThrow(/not used as a parameter/);
  });
});
