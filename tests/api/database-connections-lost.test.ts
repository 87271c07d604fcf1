// A failover, a restart or an administrator ends PostgreSQL connections under a running server
// (pg_terminate_backend): the server must live through it and serve the next requests on new ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, type ProfileResponse } from '../../common/api';
import { readOutbox } from '../../scripts/support/mail';
import { loggedInApplicant } from '../../scripts/support/accounts';
import { createProcessStore, freePort, startBackendProcess, terminateConnections, type BackendProcess, type ProcessStore } from '../../scripts/support/backend-process';
import type { ApiClient } from '../../scripts/support/http-client';

describe('PostgreSQL ending the server’s connections', () => {
  let store: ProcessStore;
  let backend: BackendProcess;
  let applicant: ApiClient;

  beforeAll(async () => {
    store = await createProcessStore('postgres');
    backend = await startBackendProcess(store, await freePort());
    applicant = await loggedInApplicant({ baseUrl: backend.baseUrl, outbox: () => readOutbox(store.dataDir) });
  });
  afterAll(async () => {
    await backend?.kill();
    await store?.drop();
  });

  it('leaves the server running, and the next saves are stored on new connections', async () => {
    const pid = backend.child.pid;
    for (let round = 1; round <= 3; round += 1) {
      expect((await applicant.put(apiPaths.answer, { first_name: `Before ${round}` })).status).toBe(200);
      expect(await terminateConnections(store.databaseUrl!)).toBeGreaterThan(0);
      // The idle connections' ends reach the server as errors of its pool.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(backend.child.exitCode, backend.stderr()).toBeNull();
      expect(backend.child.pid).toBe(pid);
      expect((await applicant.put(apiPaths.answer, { first_name: `After ${round}` })).status).toBe(200);
      expect((await applicant.get<ProfileResponse>(apiPaths.profile)).body.answer.first_name).toBe(`After ${round}`);
    }
  });
});
