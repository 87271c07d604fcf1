// A client that goes away in the middle of sending its request (a closed laptop, a dropped mobile
// connection, a browser tab shut) is not a failure of the server: nothing to answer, nothing to
// alarm the people on call.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '../../common/api';
import { loggedInApplicant } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { logCapture } from './support/log-capture';
import { startTestServer, type TestServer } from './support/test-server';

/** Sends the head of a save and part of its body, then closes the connection. */
async function abandonSave(server: TestServer, cookie: string): Promise<void> {
  const { port } = new URL(server.baseUrl);
  const socket = net.connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(
    `PUT ${apiPaths.answer} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${server.origin}\r\nCookie: ${cookie}\r\n` +
      'Content-Type: application/json\r\nContent-Length: 4000\r\n\r\n{"first_name": "Half',
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  socket.destroy();
}

describe.each(dialects)('a client that closes its request half sent, on %s', (dialect) => {
  const logs = logCapture();
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect, { logDestination: logs.stream });
  });
  afterAll(() => server.close());

  it('is logged as the client having gone (499, info), never as a server failure, and changes nothing', async () => {
    const applicant = await loggedInApplicant(server);
    expect((await applicant.put(apiPaths.answer, { first_name: 'Whole' })).status).toBe(200);
    const before = logs.lines.length;
    await abandonSave(server, applicant.cookieHeader());
    // The server logs the abandoned request once it notices the socket closed: wait for that line
    // (on a busy machine it may take a while), then look at everything written up to it.
    const abandoned = expect.objectContaining({ msg: 'request', method: 'PUT', path: apiPaths.answer, status: 499 });
    await vi.waitFor(() => expect(logs.entries().slice(before)).toContainEqual(abandoned), { timeout: 15_000, interval: 50 });

    const written = logs.entries().slice(before);
    expect(written.filter((entry) => Number(entry.level) >= 40)).toEqual([]);
    expect((await applicant.get<{ answer: Record<string, unknown> }>(apiPaths.profile)).body.answer.first_name).toBe('Whole');
  });
});
