import { Writable } from 'node:stream';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { createLogger, requestLog } from '../../../backend/platform/log';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe('structured request log', () => {
  it('writes one JSON line per request without the query string, where tokens travel', async () => {
    const { lines, stream } = capture();
    const app = new Koa();
    app.use(requestLog(createLogger('info', stream)));
    app.use((ctx) => {
      ctx.status = 204;
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    await fetch(`http://127.0.0.1:${port}/reset?username=a%40b.edu&id=secret-reset-id`);
    server.close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ method: 'GET', path: '/reset', status: 204, msg: 'request' });
    expect(JSON.stringify(lines[0])).not.toContain('secret-reset-id');
  });

  it('redacts passwords, codes and tokens whatever a caller passes in', () => {
    const { lines, stream } = capture();
    createLogger('info', stream).info({ password: 'Correct-Horse-42', body: { code: '123456', token: 't0k3n' } }, 'attempt');
    expect(JSON.stringify(lines)).not.toMatch(/Correct-Horse-42|123456|t0k3n/);
    expect(lines[0]).toMatchObject({ password: '[redacted]', body: { code: '[redacted]', token: '[redacted]' } });
  });
});
