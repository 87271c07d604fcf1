import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations';
import type { Dialect } from './dialect';
import type { Database } from './schema';
import { openSqliteDatabase } from './sqlite-database';

export interface DbOptions {
  /** postgres:// URL, or null for SQLite in dataDir. */
  databaseUrl: string | null;
  dataDir: string;
  /** PostgreSQL schema to use (tests isolate runs in their own schema). */
  pgSchema?: string;
  /** Connections of the PostgreSQL pool; 10 by default. */
  poolSize?: number;
  /**
   * Told of every error of a PostgreSQL connection no query holds: one the server ended (a
   * failover, a restart, an administrator) or the network dropped. The pool drops that connection
   * and opens another when one is next needed; without a listener the error would end the process.
   */
  onPoolError?: (error: Error) => void;
}

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL schema the pool's search_path names, if any. */
  pgSchema?: string;
  /** The PostgreSQL pool's connections now (metrics); null for SQLite, which has one in process. */
  poolUsage(): PoolUsage | null;
  close(): Promise<void>;
}

export interface PoolUsage {
  /** Connections open, idle among them, and queries waiting for one. */
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

const INT8_OID = 20;
/** How long a request waits for a connection before it fails (then 5xx, never a hang). */
const CONNECT_TIMEOUT_MS = 5_000;
/** The longest a statement may run: far above any of ours, low enough that none holds a connection for ever. */
const STATEMENT_TIMEOUT_MS = 30_000;

export function openDb(options: DbOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      idle_in_transaction_session_timeout: STATEMENT_TIMEOUT_MS,
      // Times are epoch milliseconds, well inside the safe integer range.
      types: { getTypeParser: (oid: number, format?: string) => (oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format as 'text')) } as pg.CustomTypesConfig,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    pool.on('error', (error) => options.onPoolError?.(error));
    // A connection may also end while a request holds it (between the statements of a transaction):
    // the pool listens only to idle ones, and an 'error' nobody listens to ends the process. The
    // request's next statement fails on it (503), and the pool drops it when it comes back.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingStatements(pool) }) });
    const poolUsage = (): PoolUsage => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max });
    return { kysely, dialect: 'postgres', pgSchema: options.pgSchema, poolUsage, close: () => kysely.destroy() };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const database = openSqliteDatabase(path.join(options.dataDir, 'gradapp.sqlite'));
  database.pragma('journal_mode = WAL');
  // Safe against a killed process; a power cut may lose the commits since the last checkpoint
  // (docs/decisions.md, "The SQLite store's durability").
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return { kysely, dialect: 'sqlite', poolUsage: () => null, close: () => kysely.destroy() };
}

/** Statement texts kept prepared by name on each PostgreSQL connection (SQLite: sqlite-database.ts). */
export const PG_STATEMENTS_KEPT = 500;
/** PostgreSQL's answer when a table changed under a prepared statement that reads it whole. */
const CACHED_PLAN_CHANGED = /cached plan must not change result type/;

/**
 * The pool as Kysely sees it, each statement with parameters sent as a named prepared statement:
 * PostgreSQL parses and plans it once per connection, then only binds and runs it. The names are
 * made per statement text, up to PG_STATEMENTS_KEPT texts (texts vary only with the length of an
 * `in (...)` list or a multi-row insert); texts beyond run unprepared. Should a migration change a
 * table under a prepared statement that reads it whole (another instance migrating), PostgreSQL
 * refuses it: that query fails once and every name is made anew, so each connection prepares again.
 */
function preparingStatements(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  let generation = 0;
  const nameOf = (sql: string): string | undefined => {
    let name = names.get(sql);
    if (name === undefined && names.size < PG_STATEMENTS_KEPT) names.set(sql, (name = `gradapp_${generation}_${names.size}`));
    return name;
  };
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    query: (async (sql: string, parameters: readonly unknown[]) => {
      const name = parameters.length > 0 ? nameOf(sql) : undefined;
      try {
        return await client.query({ text: sql, values: [...parameters], ...(name ? { name } : {}) });
      } catch (error) {
        if (name && CACHED_PLAN_CHANGED.test(String((error as Error).message))) {
          names.clear();
          generation += 1;
        }
        throw error;
      }
    }) as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  });
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) clients.set(client, (wrapped = wrap(client)));
      return wrapped;
    },
    end: () => pool.end(),
  };
}

function migrator(db: Db): Migrator {
  // Kysely looks for its own tables in every schema it can see unless told which: without this, a
  // store opened beside another schema's (tests isolate runs in schemas) skips creating its lock table.
  return new Migrator({ db: db.kysely, provider: migrationProvider(db.dialect), migrationTableSchema: db.pgSchema });
}

/** Names of the migrations this code knows that the database has not had yet (readiness, `npm run migrate`). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrations = await migrator(db).getMigrations();
  return migrations.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}

/** Applies every pending migration, under Kysely's lock, so instances starting together apply each once. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const { error, results } = await migrator(db).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
