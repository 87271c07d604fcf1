import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { PgPrograms } from '../platform/config';
import { openSqliteDatabase, type SqliteDatabase } from '../store/sqlite-database';
import { BackupError } from './manifest';
import { libpqConnection, pgProgram, runPgProgram } from './pg-tools';

/** The database a backup copies or a restore fills, as the server opens it (backend/store/db.ts). */
export interface DatabaseLocation {
  /** postgres:// URL, or null for SQLite in dataDir. */
  databaseUrl: string | null;
  dataDir: string;
  /** The PostgreSQL schema, when not the default one (tests isolate runs in schemas). */
  pgSchema?: string;
}

/** What a database snapshot holds, read inside that snapshot. */
export interface DatabaseContents {
  schemaVersion: string;
  tables: Record<string, number>;
}

export interface DatabaseSnapshot extends DatabaseContents {
  /** The copy's file name in the backup folder. */
  file: string;
  /** The object keys the snapshot names: what must have been copied with it. */
  namedObjectKeys: string[];
}

/** The server's SQLite file (backend/store/db.ts). */
export const sqliteFile = (dataDir: string) => path.join(dataDir, 'gradapp.sqlite');
const SQLITE_COPY = 'database.sqlite';
const PG_COPY = 'database.pgdump';

type Query = (text: string) => Promise<Record<string, unknown>[]>;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Rows per table and the last migration applied, through one connection (one snapshot). */
async function contents(query: Query, tablesSql: string): Promise<DatabaseContents> {
  const tables: Record<string, number> = {};
  for (const { name } of await query(tablesSql)) {
    const [row] = await query(`select count(*) as n from ${quoted(String(name))}`);
    tables[String(name)] = Number(row!.n);
  }
  // Kysely's migration names start with their order (001-...), so the greatest is the last applied.
  const [last] = await query('select name from kysely_migration order by name desc limit 1');
  return { tables, schemaVersion: last ? String(last.name) : '(none)' };
}

/** The objects a conversion or an application PDF names: each must exist while its row does. */
const NAMED_OBJECTS_SQL = `select file_key as key from conversions
  union select pdf_key from conversions where pdf_key is not null
  union select pdf_key from application_pdfs where pdf_key is not null`;

const SQLITE_TABLES = "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name";
const pgTables = (schema: string) => `select table_name as name from information_schema.tables where table_schema = '${schema.replaceAll("'", "''")}' and table_type = 'BASE TABLE' order by table_name`;

function sqliteQuery(database: SqliteDatabase): Query {
  return async (text) => database.prepare(text).all([]) as Record<string, unknown>[];
}

function pgClient(location: DatabaseLocation): pg.Client {
  return new pg.Client({ connectionString: location.databaseUrl!, ...(location.pgSchema ? { options: `-c search_path=${location.pgSchema}` } : {}) });
}

const pgQuery = (client: pg.Client): Query => async (text) => (await client.query(text)).rows as Record<string, unknown>[];

/**
 * Copies the database into the folder as one snapshot, with its rows per table and the objects it
 * names read from that same snapshot: SQLite through its online backup API (then counted from the
 * copy), PostgreSQL through pg_dump in a snapshot exported from a REPEATABLE READ transaction that
 * counts the rows itself.
 */
export async function copyDatabase(location: DatabaseLocation, folder: string, programs: PgPrograms): Promise<DatabaseSnapshot> {
  if (location.databaseUrl === null) {
    const file = sqliteFile(location.dataDir);
    if (!fs.existsSync(file)) throw new BackupError(`There is no database at ${file}: check DATA_DIR.`);
    const source = openSqliteDatabase(file);
    try {
      source.pragma('busy_timeout = 5000');
      await source.backup(path.join(folder, SQLITE_COPY));
    } finally {
      source.close();
    }
    const copy = openSqliteDatabase(path.join(folder, SQLITE_COPY));
    try {
      // The copy carries the source's WAL mode; in rollback mode it is one self-contained file.
      copy.pragma('journal_mode = DELETE');
      const query = sqliteQuery(copy);
      return { file: SQLITE_COPY, ...(await contents(query, SQLITE_TABLES)), namedObjectKeys: (await query(NAMED_OBJECTS_SQL)).map((row) => String(row.key)) };
    } finally {
      copy.close();
    }
  }
  const pgDump = pgProgram(programs, 'pg_dump');
  const client = pgClient(location);
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = String((await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id);
    const { url, env } = libpqConnection(location.databaseUrl);
    const schema = location.pgSchema ? [`--schema=${location.pgSchema}`] : [];
    const dumped = runPgProgram(pgDump, ['--format=custom', `--snapshot=${snapshot}`, '--no-owner', '--no-acl', ...schema, `--file=${path.join(folder, PG_COPY)}`, `--dbname=${url}`], env);
    // The transaction stays open until pg_dump ends: it must be there when pg_dump imports its snapshot.
    const query = pgQuery(client);
    const read = (async () => ({ ...(await contents(query, pgTables(location.pgSchema ?? 'public'))), namedObjectKeys: (await query(NAMED_OBJECTS_SQL)).map((row) => String(row.key)) }))();
    const [dump, snapshotContents] = await Promise.allSettled([dumped, read]);
    if (dump.status === 'rejected') throw dump.reason;
    if (snapshotContents.status === 'rejected') throw snapshotContents.reason;
    await client.query('commit');
    return { file: PG_COPY, ...snapshotContents.value };
  } finally {
    await client.end();
  }
}

/** The tables the database holds already: a restore fills an empty database only. */
export async function existingTables(location: DatabaseLocation): Promise<string[]> {
  if (location.databaseUrl === null) {
    const file = sqliteFile(location.dataDir);
    if (!fs.existsSync(file)) return [];
    const database = openSqliteDatabase(file);
    try {
      return (await sqliteQuery(database)(SQLITE_TABLES)).map((row) => String(row.name));
    } finally {
      database.close();
    }
  }
  return withPgClient(location, async (query) => (await query(pgTables(location.pgSchema ?? 'public'))).map((row) => String(row.name)));
}

/** Fills the empty database from the backup's copy: SQLite's file put in place, or pg_restore in one transaction. */
export async function loadDatabase(location: DatabaseLocation, folder: string, file: string, programs: PgPrograms): Promise<void> {
  if (location.databaseUrl === null) {
    const target = sqliteFile(location.dataDir);
    fs.mkdirSync(location.dataDir, { recursive: true });
    // An empty file (a store opened and never migrated) goes, with its journal.
    for (const leftover of [target, `${target}-wal`, `${target}-shm`]) fs.rmSync(leftover, { force: true });
    const temp = `${target}.restoring`;
    fs.copyFileSync(path.join(folder, file), temp);
    fs.renameSync(temp, target);
    return;
  }
  const { url, env } = libpqConnection(location.databaseUrl);
  await runPgProgram(pgProgram(programs, 'pg_restore'), ['--no-owner', '--no-acl', '--single-transaction', '--exit-on-error', `--dbname=${url}`, path.join(folder, file)], env);
}

/** The restored database's rows per table and last migration, read back for the manifest's check. */
export async function readContents(location: DatabaseLocation): Promise<DatabaseContents> {
  if (location.databaseUrl === null) {
    const database = openSqliteDatabase(sqliteFile(location.dataDir));
    try {
      return await contents(sqliteQuery(database), SQLITE_TABLES);
    } finally {
      database.close();
    }
  }
  return withPgClient(location, (query) => contents(query, pgTables(location.pgSchema ?? 'public')));
}

async function withPgClient<T>(location: DatabaseLocation, work: (query: Query) => Promise<T>): Promise<T> {
  const client = pgClient(location);
  await client.connect();
  try {
    return await work(pgQuery(client));
  } finally {
    await client.end();
  }
}
