import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { prepareRecord } from '../../backend/lookups/records';
import { openStore } from '../../backend/open-store';
import { TEST_DATABASE_URL, type TestDialect } from './databases';
import { dataDirSealer, sealingKeysSetting } from '../../backend/security/sealing-keys';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** A port the OS says is free now (the entry point is then started on it, and restarted on it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A store for the real entry point: a temporary DATA_DIR (SQLite file, outbox, local objects) and,
 * for PostgreSQL, a fresh database of its own (main.ts opens DATABASE_URL without a test schema).
 * One lookup record per category is written first, so the first start skips the seed (seconds).
 */
export interface ProcessStore {
  dataDir: string;
  databaseUrl: string | null;
  drop(): Promise<void>;
}

export async function createProcessStore(dialect: TestDialect, { empty = false, adminUrl = TEST_DATABASE_URL } = {}): Promise<ProcessStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-durability-'));
  let databaseUrl: string | null = null;
  let name: string | null = null;
  if (dialect === 'postgres') {
    name = `gradapp_durability_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const drop = async () => {
    if (name) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // An empty database, for the migrations a fleet applies as a separate step.
  if (empty) return { dataDir, databaseUrl, drop };
  const store = await openStore({ databaseUrl, dataDir, sealer: dataDirSealer(dataDir) });
  try {
    const now = Date.now();
    const college = prepareRecord('college_ceeb', { code: '', name: 'Durability Test College', address_line_1: '', city: 'Baltimore', state: 'Maryland', zip: '', country: 'USA' });
    const address = prepareRecord('address', { code: '', name: '', address_line_1: '', city: 'Baltimore', state: 'Maryland', zip: '21201', country: 'USA' });
    await store.lookups.write('college_ceeb', [college], { mode: 'replace', source: 'durability test', now });
    await store.lookups.write('address', [address], { mode: 'replace', source: 'durability test', now });
  } finally {
    await store.close();
  }
  return { dataDir, databaseUrl, drop };
}

/**
 * Ends every connection to the database named in `databaseUrl`, as pg_terminate_backend does in a
 * failover, through the server at `adminUrl`; returns how many.
 */
export async function terminateConnections(databaseUrl: string, adminUrl = TEST_DATABASE_URL): Promise<number> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: boolean }>('SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
      new URL(databaseUrl).pathname.slice(1),
    ]);
    return rows.filter((row) => row.ended).length;
  } finally {
    await admin.end();
  }
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface BackendProcess {
  baseUrl: string;
  child: ChildProcess;
  /** What the process wrote to stderr (for failure messages). */
  stderr(): string;
  /** What the process wrote to stdout: its log, at the LOG_LEVEL the test gave. */
  stdout(): string;
  /** Resolves with the exit code (null when a signal ended it) once the process has exited. */
  exited: Promise<number | null>;
  /** SIGKILL, resolved once the process has exited. */
  kill(): Promise<void>;
}

/** How the entry point is run: from source with tsx (CI, e2e) or compiled by `npm run build`, with plain node. */
export const BACKEND_FROM_SOURCE = ['--import', 'tsx', 'backend/main.ts'];
export const BACKEND_COMPILED = ['dist/backend/main.mjs'];

/**
 * Starts `node --import tsx backend/main.ts` as CI and e2e do (or `args`), and waits for /health;
 * `env` adds to or overrides the environment it is given (the load benchmark sets TRUST_PROXY and
 * a log level).
 */
export async function startBackendProcess(
  store: ProcessStore,
  port: number,
  timeoutMs = 30_000,
  env: NodeJS.ProcessEnv = {},
  args: string[] = BACKEND_FROM_SOURCE,
): Promise<BackendProcess> {
  const backend = spawnBackendProcess(store, port, env, args);
  await backend.untilHealthy(timeoutMs);
  return backend;
}

/** A backend process just started, which may not serve yet (one waiting for its migrations). */
export interface SpawnedBackend extends BackendProcess {
  /** Resolves once /health answers; kills the process and throws after `timeoutMs` or if it exits. */
  untilHealthy(timeoutMs: number): Promise<void>;
}

export function spawnBackendProcess(store: ProcessStore, port: number, env: NodeJS.ProcessEnv = {}, args: string[] = BACKEND_FROM_SOURCE): SpawnedBackend {
  const baseUrl = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: store.dataDir,
    ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
    // Production refuses to start without SEALING_KEYS: the store's own key (the one its tests seal with).
    ...(env.NODE_ENV === 'production' ? { SEALING_KEYS: sealingKeysSetting(store.dataDir) } : {}),
    ...env,
  };
  const child = spawn(process.execPath, args, { cwd: repoRoot, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let stdout = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  const untilHealthy = async (timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the backend exited with ${child.exitCode}: ${stderr}`);
      try {
        if ((await fetch(`${baseUrl}/health`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        await kill();
        throw new Error(`the backend did not answer /health within ${timeoutMs} ms: ${stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { baseUrl, child, stderr: () => stderr, stdout: () => stdout, exited, kill, untilHealthy };
}
