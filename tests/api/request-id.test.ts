// Every answer carries a request id, and the server's log lines for that request carry the same
// one, so a support ticket's "it failed at 10:42" leads to the log. Behind a trusted proxy, the
// proxy's id is kept, so one id follows the request through nginx and the backend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../common/api';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { logCapture } from './support/log-capture';
import { startTestServer, type TestServer } from './support/test-server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(dialects)('request ids on %s', (dialect) => {
  const direct = logCapture();
  const proxied = logCapture();
  let server: TestServer;
  let behindProxy: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect, { logDestination: direct.stream });
    behindProxy = await startTestServer(dialect, { env: { TRUST_PROXY: 'true' }, logDestination: proxied.stream });
  });
  afterAll(async () => {
    await server.close();
    await behindProxy.close();
  });

  it('answers every request, good or bad, with an X-Request-Id that its log line names', async () => {
    const client = new ApiClient(server.baseUrl);
    const answers = [await client.get(apiPaths.health), await client.get('/api/profile'), await client.get('/public/nothing-here'), await client.post('/public/login', 'not json')];
    const ids = answers.map((answer) => answer.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    const logged = direct.entries().filter((entry) => entry.msg === 'request');
    for (const id of ids) expect(logged.some((entry) => entry.requestId === id)).toBe(true);
  });

  it("ignores a client's own X-Request-Id when no proxy is trusted", async () => {
    const answer = await new ApiClient(server.baseUrl).request('GET', apiPaths.health, undefined, { 'x-request-id': 'client-chosen-id' });
    expect(answer.headers.get('x-request-id')).toMatch(UUID);
  });

  it("keeps a trusted proxy's id, and makes one for an id that is not one", async () => {
    const client = new ApiClient(behindProxy.baseUrl);
    const kept = await client.request('GET', apiPaths.health, undefined, { 'x-request-id': 'nginx-7f3a9c2e41b0' });
    expect(kept.headers.get('x-request-id')).toBe('nginx-7f3a9c2e41b0');
    expect(proxied.entries()).toContainEqual(expect.objectContaining({ msg: 'request', requestId: 'nginx-7f3a9c2e41b0' }));
    for (const unusable of ['x'.repeat(200), 'two words', 'line\tbreak']) {
      const made = await client.request('GET', apiPaths.health, undefined, { 'x-request-id': unusable });
      expect(made.headers.get('x-request-id')).toMatch(UUID);
    }
  });
});
