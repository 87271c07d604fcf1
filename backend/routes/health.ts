import Router from '@koa/router';
import { apiPaths, type HealthResponse } from '../../common/api';
import { HttpError } from '../http/errors';
import type { Store } from '../store';

/** Liveness and store reachability, for load balancers and the e2e web server check. */
export function healthRoutes(store: Store): Router {
  const router = new Router();
  router.get(apiPaths.health, async (ctx) => {
    try {
      await store.ping();
    } catch {
      throw new HttpError(503, 'The database is not reachable.');
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok', store: store.dialect } satisfies HealthResponse;
  });
  return router;
}
