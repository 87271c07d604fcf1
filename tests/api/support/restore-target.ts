import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseLocation } from '../../../backend/backup/database-copy';
import { loadConfig, type Config } from '../../../backend/platform/config';
import { createObjectStore, type ObjectStore } from '../../../backend/storage';
import { TEST_DATABASE_URL, type TestDialect } from '../../../scripts/support/databases';

/** Where a test restores a backup: an empty data folder, and for PostgreSQL a database of its own, made here and dropped after. */
export interface RestoreTarget {
  database: DatabaseLocation;
  /** The settings a server on the restored store reads (DATA_DIR, DATABASE_URL, and the S3 ones given). */
  env: Record<string, string>;
  config: Config;
  objects: ObjectStore;
  drop(): Promise<void>;
}

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** An empty store of the dialect (a fresh PostgreSQL database, `pgSchema` left to the restore) and an empty object store (`s3Env`: a bucket, else DATA_DIR/objects). */
export async function createRestoreTarget(dialect: TestDialect, options: { pgSchema?: string; s3Env?: Record<string, string> } = {}): Promise<RestoreTarget> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-restore-'));
  let databaseUrl: string | null = null;
  const name = `gradapp_restore_${randomBytes(6).toString('hex')}`;
  if (dialect === 'postgres') {
    await onServer(`CREATE DATABASE ${name}`);
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const env = { NODE_ENV: 'test', DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...options.s3Env };
  const config = loadConfig(env);
  return {
    database: { databaseUrl, dataDir, ...(options.pgSchema ? { pgSchema: options.pgSchema } : {}) },
    env,
    config,
    objects: createObjectStore(config, Date.now),
    async drop() {
      if (databaseUrl) await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
