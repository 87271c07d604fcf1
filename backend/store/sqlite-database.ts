import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase, SqliteStatement } from 'kysely';

/** An open SQLite file, as Kysely's SqliteDialect takes it, with better-sqlite3's `pragma`. */
export interface SqliteDatabase extends KyselySqliteDatabase {
  pragma(source: string): void;
  /**
   * Copies the database, as one consistent snapshot, into a new file through SQLite's online backup
   * API, while other connections (the server's) keep reading and writing.
   */
  backup(destination: string): Promise<void>;
}

export interface SqliteOpenOptions {
  readonly?: boolean;
}

// The part of node:sqlite used here: @types/node 20 does not know the module.
type Row = Record<string, unknown>;
interface StatementSync {
  columns(): unknown[];
  all(...parameters: unknown[]): Row[];
  run(...parameters: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(...parameters: unknown[]): IterableIterator<Row>;
}
interface DatabaseSync {
  exec(sql: string): void;
  prepare(sql: string): StatementSync;
  close(): void;
}
interface NodeSqlite {
  DatabaseSync: new (file: string, options?: { readOnly?: boolean }) => DatabaseSync;
  backup(source: DatabaseSync, destination: string, options?: { rate?: number }): Promise<number>;
}

/**
 * Pages copied a step of the online backup: all of them in one step. A step holds a read transaction
 * on the source, so the copy is one snapshot; in steps of a few pages, every write of another
 * connection between two steps would start the copy over, and a busy server's might never end.
 */
const ALL_PAGES = 0x7fffffff;

/**
 * Node's own SQLite where Node has one (22.13 and later), better-sqlite3 where it has not (Node 20).
 * better-sqlite3 12, the last major that runs on Node 20, wraps its objects in node::ObjectWrap;
 * built against the headers of Node 24.19 or later, it aborts the process when the GC collects a
 * statement (nodejs/node#65446), and its 13.x, which does not, needs Node 22 (docs/decisions.md,
 * "Supported Node").
 */
const nodeSqlite = process.getBuiltinModule('node:sqlite') as NodeSqlite | undefined;

/** better-sqlite3's rows have Object's prototype, node:sqlite's none: the store sees one kind. */
const plain = (row: Row): Row => ({ ...row });

function statement(sync: StatementSync): SqliteStatement {
  return {
    reader: sync.columns().length > 0,
    all: (parameters) => sync.all(...parameters).map(plain),
    run: (parameters) => sync.run(...parameters),
    *iterate(parameters) {
      for (const row of sync.iterate(...parameters)) yield plain(row);
    },
  };
}

function openWithNodeSqlite(sqlite: NodeSqlite, file: string, options: SqliteOpenOptions): SqliteDatabase {
  const database = new sqlite.DatabaseSync(file, { readOnly: options.readonly ?? false });
  return {
    prepare: (sql) => statement(database.prepare(sql)),
    pragma: (source) => database.exec(`PRAGMA ${source}`),
    close: () => database.close(),
    backup: async (destination) => {
      await sqlite.backup(database, destination, { rate: ALL_PAGES });
    },
  };
}

function openWithBetterSqlite3(file: string, options: SqliteOpenOptions): SqliteDatabase {
  const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
  const database = new Database(file, { readonly: options.readonly ?? false });
  return {
    prepare: (sql) => database.prepare(sql),
    pragma: (source) => void database.pragma(source),
    close: () => void database.close(),
    // better-sqlite3 steps by the progress callback's answer after a first step of none.
    backup: async (destination) => {
      await database.backup(destination, { progress: () => ALL_PAGES });
    },
  };
}

/**
 * Statements kept prepared, by their text. Kysely asks for a statement on every query; preparing
 * one parses and plans the SQL, about a tenth of a profile request's time under load (docs/
 * performance.md). Texts vary only with the length of an `in (...)` list or a multi-row insert,
 * so a few hundred cover every query the store makes; the least recently used goes first.
 */
export const STATEMENTS_KEPT = 500;

/**
 * Kysely's SQLite driver runs one query at a time on its one connection and reads each statement
 * to its end before the next, so one prepared statement per text serves every query of that text.
 */
function keepingStatements(database: SqliteDatabase, kept: number): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    prepare(sql) {
      let prepared = statements.get(sql);
      if (prepared) {
        // Most recently used last, so the first is the one to drop.
        statements.delete(sql);
      } else {
        prepared = database.prepare(sql);
        if (statements.size >= kept) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, prepared);
      return prepared;
    },
    pragma: (source) => database.pragma(source),
    backup: (destination) => database.backup(destination),
    close() {
      statements.clear();
      database.close();
    },
  };
}

/**
 * Opens (creating unless read-only) the SQLite file with the library this Node can run safely,
 * keeping the statements it prepares (`STATEMENTS_KEPT`).
 */
export function openSqliteDatabase(file: string, options: SqliteOpenOptions = {}): SqliteDatabase {
  const database = nodeSqlite ? openWithNodeSqlite(nodeSqlite, file, options) : openWithBetterSqlite3(file, options);
  return keepingStatements(database, STATEMENTS_KEPT);
}
