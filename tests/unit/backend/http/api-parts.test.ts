import Router from '@koa/router';
import Koa, { type Middleware } from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import { pathsUnder } from '../../../../common/api';
import { apiParts, type ApiPart } from '../../../../backend/http/api-parts';
import { HttpError } from '../../../../backend/http/errors';

const allowedMethods = { throw: true, methodNotAllowed: () => new HttpError(405, 'This method is not allowed here.') };

/** A router answering GET at each path with the part's name and the path it matched. */
function routerFor(name: string, ...paths: string[]): Router {
  const router = new Router();
  for (const path of paths) router.get(path, (ctx) => (ctx.body = { part: name, route: path }));
  return router;
}

const servers: { close(): void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** Serves the parts after a guard-counting log; answers 404 with 'past the parts' when a request goes on. */
async function serve(parts: ApiPart[]) {
  const guarded: string[] = [];
  const app = new Koa();
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      ctx.status = error instanceof HttpError ? error.status : 500;
      ctx.body = { error: (error as Error).message };
    }
  });
  app.use(apiParts(parts.map((part) => ({ ...part, guard: part.guard && (((ctx, next) => (guarded.push(part.name), part.guard!(ctx, next))) as Middleware) })), allowedMethods));
  app.use((ctx) => {
    ctx.status = 404;
    ctx.body = { error: 'past the parts' };
  });
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  const call = async (path: string, method = 'GET') => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { method });
    const text = await response.text();
    return { status: response.status, body: (text.startsWith('{') ? JSON.parse(text) : { text }) as Record<string, unknown> };
  };
  return { call, guarded };
}

const pass: Middleware = (_ctx, next) => next();
const refuse: Middleware = () => {
  throw new HttpError(401, 'no session');
};

describe('API parts', () => {
  const parts = (): ApiPart[] => [
    { name: 'sessionless', owns: pathsUnder('/public/'), routers: [routerFor('sessionless', '/public/login')] },
    { name: 'staff', owns: pathsUnder('/api/staff/'), guard: refuse, routers: [routerFor('staff', '/api/staff/me')] },
    { name: 'applicant', owns: pathsUnder('/api/'), guard: pass, routers: [routerFor('applicant', '/api/logout'), routerFor('applicant', '/api/profile')] },
  ];

  it("runs only the request's own part: its guard and its routers, whatever the path's case", async () => {
    const { call, guarded } = await serve(parts());
    expect(await call('/api/profile')).toEqual({ status: 200, body: { part: 'applicant', route: '/api/profile' } });
    expect(await call('/API/Profile')).toEqual({ status: 200, body: { part: 'applicant', route: '/api/profile' } });
    expect(await call('/public/login')).toEqual({ status: 200, body: { part: 'sessionless', route: '/public/login' } });
    // The staff part comes first for its paths: the applicant's guard never sees them.
    expect(await call('/api/staff/me')).toEqual({ status: 401, body: { error: 'no session' } });
    expect(guarded).toEqual(['applicant', 'applicant', 'staff']);
  });

  it("ends a request under a part that no route answers (the error handler's 404), and answers 405 for a known path's other method", async () => {
    const { call } = await serve(parts());
    const unknown = await call('/api/nothing-here');
    expect(unknown).toEqual({ status: 404, body: { text: 'Not Found' } });
    expect(await call('/api/profile', 'DELETE')).toEqual({ status: 405, body: { error: 'This method is not allowed here.' } });
  });

  it('lets a request that is no part\'s go on', async () => {
    const { call, guarded } = await serve(parts());
    expect(await call('/about')).toEqual({ status: 404, body: { error: 'past the parts' } });
    expect(guarded).toEqual([]);
  });

  it('refuses at start a route its part would never reach', () => {
    const outside = (): ApiPart[] => [{ name: 'applicant', owns: pathsUnder('/api/'), routers: [routerFor('applicant', '/public/login')] }];
    expect(() => apiParts(outside(), allowedMethods)).toThrow(/applicant part .*: \/public\/login/);
    const taken = (): ApiPart[] => [
      { name: 'staff', owns: pathsUnder('/api/staff/'), routers: [] },
      { name: 'applicant', owns: pathsUnder('/api/'), routers: [routerFor('applicant', '/api/staff/me')] },
    ];
    expect(() => apiParts(taken(), allowedMethods)).toThrow(/applicant part .*: \/api\/staff\/me/);
  });
});
