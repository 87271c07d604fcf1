// What an IT team deploys and watches with, on the real entry point: liveness and readiness as two
// endpoints, Prometheus metrics behind a token, web and worker roles over one database, and
// migrations applied as a separate step (`npm run migrate`, MIGRATE_ON_START=false).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../backend/app';
import { loadConfig } from '../../backend/platform/config';
import { createLifecycle } from '../../backend/health/lifecycle';
import { openStore } from '../../backend/open-store';
import { apiPaths, type ReadyResponse } from '../../common/api';
import { answerFields } from '../../common/form/model';
import { smallPng } from '../../scripts/support/documents';
import { readOutbox } from '../../scripts/support/mail';
import { loggedInApplicant } from '../../scripts/support/accounts';
import { createProcessStore, freePort, spawnBackendProcess, startBackendProcess, type BackendProcess, type ProcessStore } from '../../scripts/support/backend-process';
import { dialects } from '../../scripts/support/databases';
import { convertThroughApi } from '../../scripts/support/uploads';
import { dataDirSealer } from '../../backend/security/sealing-keys';

const UPLOAD_KEY = answerFields.find((field) => field.type === 'upload')!.key;
const METRICS_TOKEN = 'metrics-token-for-the-operations-test-0123456789';
const repoRoot = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

async function scrape(baseUrl: string, authorization?: string): Promise<{ status: number; type: string | null; text: string }> {
  const response = await fetch(`${baseUrl}${apiPaths.metrics}`, { headers: authorization ? { authorization } : {} });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

/** The value of one sample line, e.g. `gradapp_job_queue_depth{queue="conversions",state="waiting"}`. */
function sample(text: string, name: string, labels: Record<string, string>): number | null {
  const line = text.split('\n').find((each) => {
    if (!each.startsWith(`${name}{`)) return false;
    return Object.entries(labels).every(([key, value]) => each.includes(`${key}="${value}"`));
  });
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : null;
}

describe.each(dialects)('operations endpoints on %s', (dialect) => {
  let store: ProcessStore;
  let backend: BackendProcess;

  beforeAll(async () => {
    store = await createProcessStore(dialect);
    backend = await startBackendProcess(store, await freePort(), 30_000, { METRICS_TOKEN });
  });
  afterAll(async () => {
    await backend?.kill();
    await store?.drop();
  });

  it('answers liveness and readiness apart: /health the process, /ready the database, migrations and draining', async () => {
    const health = await fetch(`${backend.baseUrl}${apiPaths.health}`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', store: dialect });
    const ready = await fetch(`${backend.baseUrl}${apiPaths.ready}`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toMatchObject({ status: 'ready', role: 'all', checks: { database: 'ok', migrations: 'ok', draining: false } } satisfies Partial<ReadyResponse>);
  });

  it('keeps /metrics to the holder of METRICS_TOKEN', async () => {
    expect((await scrape(backend.baseUrl)).status).toBe(401);
    expect((await scrape(backend.baseUrl, 'Bearer not-the-token')).status).toBe(401);
    expect((await scrape(backend.baseUrl, METRICS_TOKEN)).status).toBe(401);
    const allowed = await scrape(backend.baseUrl, `Bearer ${METRICS_TOKEN}`);
    expect(allowed.status).toBe(200);
    expect(allowed.type).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('measures requests by route pattern, jobs by outcome, the queues, the pool and the process', async () => {
    const applicant = await loggedInApplicant({ baseUrl: backend.baseUrl, outbox: () => readOutbox(store.dataDir) });
    expect((await applicant.put(apiPaths.answer, { first_name: 'Metrics' })).status).toBe(200);
    const secretPath = `/service/${'s3cr3t'.repeat(8)}`;
    await fetch(`${backend.baseUrl}${secretPath}`);
    const converted = await convertThroughApi({ origin: backend.baseUrl }, applicant, UPLOAD_KEY, smallPng(), 'scan.png');
    expect(converted.status).toBe('COMPLETED');

    const { text } = await scrape(backend.baseUrl, `Bearer ${METRICS_TOKEN}`);
    expect(sample(text, 'gradapp_http_request_duration_seconds_count', { method: 'PUT', route: apiPaths.answer, status: '200' })).toBeGreaterThanOrEqual(1);
    // A token in a path never becomes a label: the route is the router's pattern.
    expect(text).not.toContain('s3cr3t');
    expect(sample(text, 'gradapp_job_duration_seconds_count', { job: 'conversions', outcome: 'completed' })).toBe(1);
    expect(sample(text, 'gradapp_job_queue_depth', { queue: 'conversions', state: 'waiting' })).toBe(0);
    expect(sample(text, 'gradapp_job_queue_oldest_waiting_seconds', { queue: 'application_pdfs' })).toBe(0);
    // The applicant's confirmation mail has left the outbox.
    expect(sample(text, 'gradapp_job_queue_depth', { queue: 'mail_outbox', state: 'waiting' })).toBe(0);
    expect(sample(text, 'gradapp_job_queue_depth', { queue: 'mail_outbox', state: 'running' })).toBe(0);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d+/m);
    if (dialect === 'postgres') {
      expect(sample(text, 'gradapp_db_pool_connections', { state: 'max' })).toBe(10);
      expect(sample(text, 'gradapp_db_pool_connections', { state: 'open' })).toBeGreaterThanOrEqual(1);
    } else {
      expect(text).not.toContain('gradapp_db_pool_connections');
    }
  });
});

describe('roles and migrations over one PostgreSQL', () => {
  let store: ProcessStore;
  const started: BackendProcess[] = [];

  beforeAll(async () => {
    store = await createProcessStore('postgres', { empty: true });
  });
  afterAll(async () => {
    for (const backend of started) await backend.kill();
    await store?.drop();
  });

  const migrate = () =>
    run(process.execPath, ['build/start.mjs', 'migrate'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: store.databaseUrl!, DATA_DIR: store.dataDir, NODE_ENV: 'test' },
    });

  it('leaves the schema to `npm run migrate` when MIGRATE_ON_START is false, then serves web and worker roles', async () => {
    // A new instance started before the migrations waits for them, serving nothing.
    const web = spawnBackendProcess(store, await freePort(), { ROLE: 'web', MIGRATE_ON_START: 'false', LOG_LEVEL: 'warn' });
    started.push(web);
    for (const deadline = Date.now() + 30_000; !web.stdout().includes('waiting for'); await new Promise((resolve) => setTimeout(resolve, 50))) {
      if (Date.now() > deadline || web.child.exitCode !== null) throw new Error(`the instance did not say it waits for its migrations: ${web.stdout()} ${web.stderr()}`);
    }
    expect(await fetch(`${web.baseUrl}${apiPaths.health}`).catch(() => 'not listening')).toBe('not listening');

    const first = await migrate();
    expect(first.stdout).toMatch(/applied \d+ migration\(s\) to the postgres database: 001-accounts-and-sessions/);
    const again = await migrate();
    expect(again.stdout).toContain('up to date; nothing to apply');

    await web.untilHealthy(30_000);
    const worker = await startBackendProcess(store, await freePort(), 60_000, { ROLE: 'worker', MIGRATE_ON_START: 'false' });
    started.push(worker);

    const webReady = (await (await fetch(`${web.baseUrl}${apiPaths.ready}`)).json()) as ReadyResponse;
    const workerReady = (await (await fetch(`${worker.baseUrl}${apiPaths.ready}`)).json()) as ReadyResponse;
    expect(webReady).toMatchObject({ status: 'ready', role: 'web' });
    expect(webReady.docxConverter).toBeUndefined();
    // CI installs LibreOffice, and the worker's readiness says it converts Word documents with it.
    expect(workerReady).toMatchObject({ status: 'ready', role: 'worker', docxConverter: 'libreoffice' });
    // A worker serves no applicant.
    expect((await fetch(`${worker.baseUrl}${apiPaths.profile}`)).status).toBe(404);
    expect((await fetch(`${worker.baseUrl}/about`)).status).toBe(404);

    // The web instance runs no jobs: its applicant's conversion is done by the worker.
    const applicant = await loggedInApplicant({ baseUrl: web.baseUrl, outbox: () => readOutbox(store.dataDir) });
    const converted = await convertThroughApi({ origin: web.baseUrl }, applicant, UPLOAD_KEY, smallPng(), 'scan.png');
    expect(converted.status).toBe('COMPLETED');
    expect(web.stdout()).not.toMatch(/sandbox/);
  }, 120_000);
});

describe('readiness of an instance that should not get traffic', () => {
  it('answers /ready 503 while migrations are pending or while draining, and /health 200 all along', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-ready-'));
    const store = await openStore({ databaseUrl: null, dataDir, migrate: false, sealer: dataDirSealer(dataDir) });
    const lifecycle = createLifecycle();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const server = http.createServer(createApp({ config, store, lifecycle }).callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const behind = await fetch(`${baseUrl}${apiPaths.ready}`);
      expect(behind.status).toBe(503);
      expect(await behind.json()).toMatchObject({ status: 'not ready', checks: { database: 'ok', migrations: 'pending', draining: false } });
      expect((await fetch(`${baseUrl}${apiPaths.health}`)).status).toBe(200);
      // No METRICS_TOKEN: no metrics endpoint at all, even with a bearer token.
      expect((await fetch(`${baseUrl}${apiPaths.metrics}`, { headers: { authorization: 'Bearer anything-at-all' } })).status).toBe(404);

      // `npm run migrate` elsewhere: the same database, brought up to date by another opening.
      await (await openStore({ databaseUrl: null, dataDir, sealer: dataDirSealer(dataDir) })).close();
      expect((await fetch(`${baseUrl}${apiPaths.ready}`)).status).toBe(200);

      lifecycle.drain();
      const draining = await fetch(`${baseUrl}${apiPaths.ready}`);
      expect(draining.status).toBe(503);
      expect(await draining.json()).toMatchObject({ status: 'not ready', checks: { database: 'ok', migrations: 'ok', draining: true } });
      // Each answer while draining closes its connection, so keep-alive clients move to another instance.
      expect(draining.headers.get('connection')).toBe('close');
      expect((await fetch(`${baseUrl}${apiPaths.health}`)).status).toBe(200);
    } finally {
      server.close();
      await store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
