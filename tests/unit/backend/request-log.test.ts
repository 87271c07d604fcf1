import { Writable } from 'node:stream';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { createLogger, requestLog } from '../../../backend/platform/log';
import { errorHandler } from '../../../backend/http/errors';
import { recommendLink } from '../../../common/recommendation-api';

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

  it("writes a recommender's path without the token that opens the letter's page, on the request's line and a failure's", async () => {
    const { lines, stream } = capture();
    const logger = createLogger('info', stream);
    const app = new Koa();
    app.use(requestLog(logger));
    app.use(errorHandler(logger));
    app.use((ctx) => {
      if (ctx.path.endsWith('/letter')) throw new Error('the store failed');
      ctx.status = 204;
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    const token = 'rT0k3n-Secret_Of-The_Recommender-4711';
    // The link a recommender is mailed (a page of the renderer's), and their calls, whatever the case.
    await fetch(new URL(new URL(recommendLink('http://example.edu', token)).pathname, `http://127.0.0.1:${port}`));
    await fetch(`http://127.0.0.1:${port}/public/recommendation/${token}`);
    await fetch(`http://127.0.0.1:${port}/PUBLIC/Recommendation/${token}/letter`, { method: 'POST' });
    await fetch(`http://127.0.0.1:${port}/public/recommendations-are-not-tokens`);
    server.close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(JSON.stringify(lines)).not.toContain(token);
    expect(lines.map((line) => line.path)).toEqual([
      '/recommend/:token',
      '/public/recommendation/:token',
      '/PUBLIC/Recommendation/:token/letter',
      '/PUBLIC/Recommendation/:token/letter',
      '/public/recommendations-are-not-tokens',
    ]);
    expect(lines[2]).toMatchObject({ msg: 'request failed' });
  });
});
