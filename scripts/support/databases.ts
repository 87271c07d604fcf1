import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openStore, type Store } from '../../backend/open-store';
import { openDb, type Db } from '../../backend/store/db';
import { dataDirSealer } from '../../backend/security/sealing-keys';

/**
 * The two stores every API and store test runs on. PostgreSQL is not optional: when it cannot be
 * reached the tests fail with this message instead of skipping.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type TestDialect = 'sqlite' | 'postgres';
const allDialects: TestDialect[] = ['sqlite', 'postgres'];

/**
 * Every store by default. `GRADAPP_TEST_DIALECTS=sqlite` narrows the API suite to the stores named
 * (comma-separated): the Node 24 pass of CI runs the embedded store alone, the one store whose code
 * differs by Node (node:sqlite there, better-sqlite3 on Node 20; docs/decisions.md, "Supported
 * Node"). A name that is not a store fails the run instead of running nothing.
 */
export const dialects: TestDialect[] = dialectsFrom(process.env.GRADAPP_TEST_DIALECTS);

export function dialectsFrom(setting: string | undefined): TestDialect[] {
  if (setting === undefined || setting.trim() === '') return allDialects;
  const named = setting.split(',').map((name) => name.trim());
  const unknown = named.filter((name) => !allDialects.includes(name as TestDialect));
  if (unknown.length > 0 || named.length === 0) {
    throw new Error(`GRADAPP_TEST_DIALECTS names ${unknown.join(', ') || 'nothing'}; the stores are ${allDialects.join(' and ')}.`);
  }
  return allDialects.filter((dialect) => named.includes(dialect));
}

export interface TestDatabase {
  databaseUrl: string | null;
  dataDir: string;
  pgSchema?: string;
  /** Opens (and migrates) a store on this database; several may be open at once. */
  open(): Promise<Store>;
  /**
   * A connection of its own to this database, beside any store: for what no store call reads or
   * writes (a table's rows, a statement the database must refuse). The caller closes it.
   */
  openDb(options?: { poolSize?: number }): Db;
  drop(): Promise<void>;
}

/** A fresh, empty database: a temporary folder for SQLite, a new schema for PostgreSQL. */
export async function createTestDatabase(dialect: TestDialect): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-test-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (dialect === 'sqlite') {
    return {
      databaseUrl: null,
      dataDir,
      open: () => openStore({ databaseUrl: null, dataDir, sealer: dataDirSealer(dataDir) }),
      openDb: (options) => openDb({ databaseUrl: null, dataDir, ...options }),
      drop: async () => removeDir(),
    };
  }

  const pgSchema = `t_${randomBytes(6).toString('hex')}`;
  await withClient(async (client) => client.query(`CREATE SCHEMA ${pgSchema}`));
  return {
    databaseUrl: TEST_DATABASE_URL,
    dataDir,
    pgSchema,
    open: () => openStore({ databaseUrl: TEST_DATABASE_URL, dataDir, pgSchema, sealer: dataDirSealer(dataDir) }),
    openDb: (options) => openDb({ databaseUrl: TEST_DATABASE_URL, dataDir, pgSchema, ...options }),
    drop: async () => {
      await withClient(async (client) => client.query(`DROP SCHEMA IF EXISTS ${pgSchema} CASCADE`));
      removeDir();
    },
  };
}

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL tests cannot connect to ${TEST_DATABASE_URL} (${(error as Error).message}). ` +
        'Start PostgreSQL (pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start) ' +
        'or set TEST_DATABASE_URL. These tests never skip.',
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
