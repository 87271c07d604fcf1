import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface DbOptions {
  /** postgres:// URL, or null for SQLite in dataDir. */
  databaseUrl: string | null;
  dataDir: string;
  /** PostgreSQL schema to use (tests isolate runs in their own schema). */
  pgSchema?: string;
}

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL schema the pool's search_path names, if any. */
  pgSchema?: string;
  close(): Promise<void>;
}

const INT8_OID = 20;

export function openDb(options: DbOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // Times are epoch milliseconds, well inside the safe integer range.
      types: { getTypeParser: (oid: number, format?: string) => (oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format as 'text')) } as pg.CustomTypesConfig,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', pgSchema: options.pgSchema, close: () => kysely.destroy() };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const database = new SqliteDatabase(path.join(options.dataDir, 'gradapp.sqlite'));
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

export async function migrateToLatest(db: Db): Promise<void> {
  // Kysely looks for its own tables in every schema it can see unless told which: without this, a
  // store opened beside another schema's (tests isolate runs in schemas) skips creating its lock table.
  const migrator = new Migrator({ db: db.kysely, provider: migrationProvider(db.dialect), migrationTableSchema: db.pgSchema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}
