import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../common/api';
import { hashSecret } from '../../backend/security/secrets';
import { loggedInApplicant } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { startTestServer, type TestServer } from './support/test-server';

describe.each(dialects)('the session\'s idle clock on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('is written at most once a minute: requests within the minute only read the session, and activity still keeps it alive', async () => {
    const client = await loggedInApplicant(server);
    const idHash = hashSecret('session', client.cookies.get('gradapp-idp.session')!);
    const lastSeen = async () => (await server.store.sessions.find(idHash))!.last_seen_at;
    const atLogin = await lastSeen();
    let moved = 0;
    try {
      for (const step of [20_000, 20_000, 15_000]) {
        server.advance(step);
        moved += step;
        expect((await client.get(apiPaths.profile)).status).toBe(200);
        expect(await lastSeen()).toBe(atLogin);
      }
      server.advance(6_000);
      moved += 6_000;
      expect((await client.post(apiPaths.keepAlive, {})).status).toBe(200);
      const touched = await lastSeen();
      expect(touched).toBeGreaterThanOrEqual(atLogin + 61_000);
      // The next minute again only reads.
      server.advance(30_000);
      moved += 30_000;
      expect((await client.get(apiPaths.profile)).status).toBe(200);
      expect(await lastSeen()).toBe(touched);
    } finally {
      server.advance(-moved);
    }
  });
});
