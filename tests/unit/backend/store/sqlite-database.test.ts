import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STATEMENTS_KEPT, openSqliteDatabase } from '../../../../backend/store/sqlite-database';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-sqlite-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('openSqliteDatabase', () => {
  it("answers Kysely's statements as better-sqlite3 does: reader flag, plain rows, changes and row id, rows one by one", () => {
    const database = openSqliteDatabase(path.join(dataDir, 'a.sqlite'));
    try {
      const create = database.prepare('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
      expect(create.reader).toBe(false);
      create.run([]);
      expect(database.prepare('INSERT INTO notes (body) VALUES (?), (?)').run(['first', 'second'])).toEqual({ changes: 2, lastInsertRowid: 2 });
      const select = database.prepare('SELECT id, body FROM notes WHERE id >= ? ORDER BY id');
      expect(select.reader).toBe(true);
      const rows = select.all([1]);
      expect(rows).toEqual([
        { id: 1, body: 'first' },
        { id: 2, body: 'second' },
      ]);
      expect(rows.map((row) => Object.getPrototypeOf(row))).toEqual([Object.prototype, Object.prototype]);
      expect([...select.iterate([2])]).toEqual([{ id: 2, body: 'second' }]);
    } finally {
      database.close();
    }
  });

  it('sets pragmas, and opens a file read-only when asked', () => {
    const file = path.join(dataDir, 'b.sqlite');
    const database = openSqliteDatabase(file);
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.prepare('CREATE TABLE t (x INTEGER)').run([]);
    expect(database.prepare('PRAGMA journal_mode').all([])).toEqual([{ journal_mode: 'wal' }]);
    expect(database.prepare('PRAGMA foreign_keys').all([])).toEqual([{ foreign_keys: 1 }]);
    database.close();
    const readOnly = openSqliteDatabase(file, { readonly: true });
    try {
      expect(readOnly.prepare('SELECT count(*) AS n FROM t').all([])).toEqual([{ n: 0 }]);
      expect(() => readOnly.prepare('INSERT INTO t VALUES (1)').run([])).toThrow(/readonly/i);
    } finally {
      readOnly.close();
    }
  });

  it('prepares each statement text once and answers every later query of it with its own parameters', () => {
    const database = openSqliteDatabase(path.join(dataDir, 'c.sqlite'));
    try {
      database.prepare('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)').run([]);
      const insert = database.prepare('INSERT INTO notes (body) VALUES (?)');
      expect(database.prepare('INSERT INTO notes (body) VALUES (?)')).toBe(insert);
      insert.run(['first']);
      database.prepare('INSERT INTO notes (body) VALUES (?)').run(['second']);
      const select = 'SELECT body FROM notes WHERE id = ?';
      expect(database.prepare(select).all([1])).toEqual([{ body: 'first' }]);
      expect(database.prepare(select).all([2])).toEqual([{ body: 'second' }]);
      // A statement read only partly is read again from its start.
      const rows = database.prepare('SELECT body FROM notes ORDER BY id').iterate([]);
      expect(rows.next().value).toEqual({ body: 'first' });
      rows.return?.(undefined);
      expect([...database.prepare('SELECT body FROM notes ORDER BY id').iterate([])]).toEqual([{ body: 'first' }, { body: 'second' }]);
      // A table changed after a statement was prepared: the kept statement follows it.
      database.prepare('ALTER TABLE notes ADD COLUMN mood TEXT').run([]);
      expect(database.prepare('SELECT * FROM notes WHERE id = ?').all([1])).toEqual([{ id: 1, body: 'first', mood: null }]);
    } finally {
      database.close();
    }
  });

  it('keeps at most STATEMENTS_KEPT statements, dropping the least recently used', () => {
    const database = openSqliteDatabase(path.join(dataDir, 'd.sqlite'));
    try {
      const first = database.prepare('SELECT 0 AS n');
      const often = database.prepare('SELECT -1 AS n');
      for (let n = 1; n < STATEMENTS_KEPT + 10; n += 1) {
        database.prepare(`SELECT ${n} AS n`);
        expect(database.prepare('SELECT -1 AS n')).toBe(often);
      }
      const again = database.prepare('SELECT 0 AS n');
      expect(again).not.toBe(first);
      expect(again.all([])).toEqual([{ n: 0 }]);
    } finally {
      database.close();
    }
  });

  it('copies the database as one snapshot through the online backup API while another connection keeps writing', async () => {
    const file = path.join(dataDir, 'e.sqlite');
    const database = openSqliteDatabase(file);
    const writer = openSqliteDatabase(file);
    try {
      database.pragma('journal_mode = WAL');
      database.prepare('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)').run([]);
      const insert = database.prepare('INSERT INTO notes (body) VALUES (?)');
      database.prepare('BEGIN').run([]);
      for (let n = 0; n < 2_000; n += 1) insert.run(['x'.repeat(500)]);
      database.prepare('COMMIT').run([]);
      const copied = database.backup(path.join(dataDir, 'copy.sqlite'));
      writer.prepare('INSERT INTO notes (body) VALUES (?)').run(['after']);
      await copied;
    } finally {
      writer.close();
      database.close();
    }
    const copy = openSqliteDatabase(path.join(dataDir, 'copy.sqlite'), { readonly: true });
    try {
      const [{ n }] = copy.prepare('SELECT count(*) AS n FROM notes').all([]) as [{ n: number }];
      // The write between the backup's start and its end is in the copy whole or not at all.
      expect([2_000, 2_001]).toContain(n);
      expect(copy.prepare('PRAGMA integrity_check').all([])).toEqual([{ integrity_check: 'ok' }]);
    } finally {
      copy.close();
    }
  });

  it('keeps a process that writes 50,000 rows through Kysely alive to its end', () => {
    const script = new URL('./bulk-writes.ts', import.meta.url).pathname;
    const output = execFileSync(process.execPath, ['--import', 'tsx', script, dataDir], { encoding: 'utf8', timeout: 60_000 });
    expect(output.trim()).toBe('50000');
  });
});
