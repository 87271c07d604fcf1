// A load balancer keeps its connections to the backend open while idle (60 s on the common ones)
// and reuses them; a backend that closes an idle connection first (Node's default is 5 s) races
// the balancer's next request on it, which then fails with a 502. The entry point keeps idle
// connections longer than that.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProcessStore, freePort, startBackendProcess, type BackendProcess, type ProcessStore } from '../../scripts/support/backend-process';

/** One HTTP/1.1 request on an open socket; resolves with the status line of its answer. */
function request(socket: net.Socket, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(received)?.[1];
      if (end >= 0 && length !== undefined && received.length >= end + 4 + Number(length)) {
        socket.off('data', onData);
        resolve(received.slice(0, received.indexOf('\r\n')));
      }
    };
    socket.on('data', onData);
    socket.once('close', () => reject(new Error('the backend closed the connection')));
    socket.write(`GET /health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`);
  });
}

describe('the entry point and a load balancer’s idle connections', () => {
  let store: ProcessStore;
  let backend: BackendProcess;
  let port: number;

  beforeAll(async () => {
    store = await createProcessStore('sqlite');
    port = await freePort();
    backend = await startBackendProcess(store, port);
  });
  afterAll(async () => {
    await backend?.kill();
    await store?.drop();
  });

  it('keeps an idle keep-alive connection open past Node’s 5 s default, for the next request', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    try {
      expect(await request(socket, port)).toBe('HTTP/1.1 200 OK');
      await new Promise((resolve) => setTimeout(resolve, 6_500));
      expect(socket.destroyed).toBe(false);
      expect(await request(socket, port)).toBe('HTTP/1.1 200 OK');
    } finally {
      socket.destroy();
    }
  });
});
