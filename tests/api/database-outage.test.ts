// The database can come and go under a running server: a failover ends every connection of its
// pool in the middle of a load of saves, a restart takes PostgreSQL away for seconds. The process
// lives through both; while the database is away requests answer 503 with a message and
// Retry-After (never a 500, never a hang); service comes back by itself; no acknowledged save is lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, type ProfileResponse, type ReadyResponse } from '../../common/api';
import { SERVICE_UNAVAILABLE_MESSAGE, SERVICE_UNAVAILABLE_RETRY_AFTER_S } from '../../backend/http/errors';
import { readOutbox } from '../../scripts/support/mail';
import { loggedInApplicant } from '../../scripts/support/accounts';
import { createProcessStore, freePort, startBackendProcess, terminateConnections, type BackendProcess, type ProcessStore } from '../../scripts/support/backend-process';
import type { ApiClient } from '../../scripts/support/http-client';
import { startPrivatePostgres, type PrivatePostgres } from './support/private-postgres';
import { expectAcknowledgedSaveKept, startSaveStream, type SaveStreamRecord } from './support/save-stream';

const FIELDS = ['first_name', 'middle_name', 'last_name', 'preferred_name'] as const;

/** Every answer that was not 200 is the outage's 503, with its message and Retry-After (0: a connection the test itself saw fail). */
function expectOnlyServiceUnavailable(records: SaveStreamRecord[]): void {
  for (const refusal of records.flatMap((record) => record.refusals)) {
    expect(refusal).toEqual({ status: 503, retryAfter: String(SERVICE_UNAVAILABLE_RETRY_AFTER_S), message: SERVICE_UNAVAILABLE_MESSAGE });
  }
}

describe('every connection of the pool ended during a load of saves', () => {
  let store: ProcessStore;
  let backend: BackendProcess;
  let applicants: ApiClient[];

  beforeAll(async () => {
    store = await createProcessStore('postgres');
    backend = await startBackendProcess(store, await freePort());
    applicants = await Promise.all(FIELDS.map(() => loggedInApplicant({ baseUrl: backend.baseUrl, outbox: () => readOutbox(store.dataDir) })));
  });
  afterAll(async () => {
    await backend?.kill();
    await store?.drop();
  });

  it('keeps the process and every acknowledged save; whatever failed answered 503 with Retry-After', async () => {
    const streams = FIELDS.map((field, index) => startSaveStream(backend.baseUrl, applicants[index]!, field, 5));
    let ended = 0;
    for (let round = 0; round < 5; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      ended += await terminateConnections(store.databaseUrl!);
    }
    // Service is back by itself: every stream gets a save through after the last blow.
    await Promise.all(streams.map((stream) => stream.acknowledgedAgain(15_000))).catch((error: Error) => {
      throw new Error(`${error.message}\nthe server's stderr: ${backend.stderr()}`);
    });
    const records = await Promise.all(streams.map((stream) => stream.stop()));

    expect(ended).toBeGreaterThan(0);
    expect(backend.child.exitCode, backend.stderr()).toBeNull();
    expectOnlyServiceUnavailable(records);
    for (const [index, record] of records.entries()) {
      const { body } = await applicants[index]!.get<ProfileResponse>(apiPaths.profile);
      expectAcknowledgedSaveKept(record, body.answer[record.field]);
    }
  });
});

describe('the PostgreSQL cluster restarted under a running server', () => {
  let cluster: PrivatePostgres;
  let store: ProcessStore;
  let backend: BackendProcess;
  let applicant: ApiClient;

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    store = await createProcessStore('postgres', { adminUrl: cluster.url });
    backend = await startBackendProcess(store, await freePort());
    applicant = await loggedInApplicant({ baseUrl: backend.baseUrl, outbox: () => readOutbox(store.dataDir) });
  }, 60_000);
  afterAll(async () => {
    await backend?.kill();
    await store?.drop().catch(() => undefined);
    await cluster?.destroy();
  });

  it('answers 503 with Retry-After while it is down, is not ready, stays alive, and serves again once it is back', async () => {
    const stream = startSaveStream(backend.baseUrl, applicant, 'first_name');
    await stream.acknowledgedAgain(10_000);

    await cluster.stop();
    await stream.refusedAtLeast(3, 15_000);
    expect(backend.child.exitCode, backend.stderr()).toBeNull();
    const profile = await fetch(`${backend.baseUrl}${apiPaths.profile}`, { headers: { cookie: applicant.cookieHeader() } });
    expect(profile.status).toBe(503);
    expect(profile.headers.get('retry-after')).toBe(String(SERVICE_UNAVAILABLE_RETRY_AFTER_S));
    expect(await profile.json()).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE });
    const ready = await fetch(`${backend.baseUrl}${apiPaths.ready}`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as ReadyResponse).checks.database).toBe('unreachable');
    // Liveness is the process's own: an orchestrator must not restart every instance for the database.
    expect((await fetch(`${backend.baseUrl}${apiPaths.health}`)).status).toBe(200);

    await cluster.start();
    await stream.acknowledgedAgain(20_000);
    const record = await stream.stop();
    expect(backend.child.exitCode, backend.stderr()).toBeNull();
    expect((await fetch(`${backend.baseUrl}${apiPaths.ready}`)).status).toBe(200);
    expectOnlyServiceUnavailable([record]);
    const { body } = await applicant.get<ProfileResponse>(apiPaths.profile);
    expectAcknowledgedSaveKept(record, body.answer.first_name);
  });
});
