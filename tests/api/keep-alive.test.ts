import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '../../backend/auth/account-messages';
import { loggedInApplicant } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

describe.each(dialects)('POST /api/keep-alive on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('answers a live session with a message and no caching', async () => {
    const client = await loggedInApplicant(server);
    const response = await client.post('/api/keep-alive', {});
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Session kept alive.' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 401 without a session, clearing the cookies', async () => {
    const response = await new ApiClient(server.baseUrl).post('/api/keep-alive', {});
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: accountMessages.sessionInvalid });
  });

  it('is refused from another origin, like every state-changing call', async () => {
    const client = await loggedInApplicant(server);
    const foreign = new ApiClient(server.baseUrl, 'https://evil.example');
    for (const [name, value] of client.cookies) foreign.cookies.set(name, value);
    expect((await foreign.post('/api/keep-alive', {})).status).toBe(403);
  });

  it('keeps a session alive past the idle limit while it is called, and only then', async () => {
    const idleMs = server.config.sessionIdleMinutes * 60_000;
    const typing = await loggedInApplicant(server);
    const away = await loggedInApplicant(server);
    let moved = 0;
    try {
      // An hour and a half of typing in one field: only the keep-alive reaches the server.
      for (let step = 0; step < 3; step += 1) {
        server.advance(idleMs / 2);
        moved += idleMs / 2;
        expect((await typing.post('/api/keep-alive', {})).status).toBe(200);
      }
      expect((await typing.put('/api/answer', { first_name: 'Grace' })).status).toBe(200);
      expect((await away.post('/api/keep-alive', {})).status).toBe(401);
    } finally {
      server.advance(-moved);
    }
  });
});

describe('inactivity times in the served index.html', () => {
  const rendererDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-renderer-'));
  let server: TestServer;

  beforeAll(async () => {
    fs.writeFileSync(
      path.join(rendererDir, 'index.html'),
      '<!doctype html><html><head>' +
        '<meta name="gradapp-cookie-prefix" content="gradapp-idp" />' +
        '<meta name="gradapp-inactivity-timeout-ms" content="900000" />' +
        '<meta name="gradapp-inactivity-warning-ms" content="60000" />' +
        '</head><body></body></html>',
    );
    server = await startTestServer('sqlite', {
      env: { RENDERER_DIR: rendererDir, INACTIVITY_TIMEOUT_MS: '120000', INACTIVITY_WARNING_MS: '30000' },
    });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(rendererDir, { recursive: true, force: true });
  });

  it('are the configured ones', async () => {
    const page = await new ApiClient(server.baseUrl).get('/about');
    expect(page.body).toContain('<meta name="gradapp-inactivity-timeout-ms" content="120000" />');
    expect(page.body).toContain('<meta name="gradapp-inactivity-warning-ms" content="30000" />');
    expect(page.body).toContain('<meta name="gradapp-cookie-prefix" content="gradapp-idp" />');
  });
});
