import Router from '@koa/router';
import { apiPaths, type HealthResponse, type InstanceRole, type ReadyResponse } from '../../common/api';
import type { Lifecycle } from './lifecycle';
import type { StoreConnection } from '../store/connection';

export interface HealthRoutesOptions {
  store: Pick<StoreConnection, 'dialect' | 'ping' | 'pendingMigrations'>;
  lifecycle: Lifecycle;
  role: InstanceRole;
  /** Which converter Word documents go through, reported by readiness. */
  docxConverter?: string;
}

/**
 * Liveness and readiness, for load balancers and orchestrators. /health says the process answers
 * (restart it if not) and asks nothing else: a database outage must not get every instance
 * restarted. /ready says whether to send it traffic: the database answers, its schema is the one
 * this code expects (a fleet migrating as a separate step), and the instance is not draining.
 */
export function healthRoutes(options: HealthRoutesOptions): Router {
  const { store, lifecycle, role } = options;
  const router = new Router();
  router.get(apiPaths.health, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok', store: store.dialect } satisfies HealthResponse;
  });
  router.get(apiPaths.ready, async (ctx) => {
    const database = await store.ping().then(
      () => 'ok' as const,
      () => 'unreachable' as const,
    );
    const migrations =
      database === 'ok'
        ? await store.pendingMigrations().then(
            (pending) => (pending.length === 0 ? ('ok' as const) : ('pending' as const)),
            () => 'unknown' as const,
          )
        : ('unknown' as const);
    const draining = lifecycle.draining;
    const ready = database === 'ok' && migrations === 'ok' && !draining;
    ctx.set('Cache-Control', 'no-store');
    ctx.status = ready ? 200 : 503;
    ctx.body = {
      status: ready ? 'ready' : 'not ready',
      role,
      checks: { database, migrations, draining },
      ...(options.docxConverter ? { docxConverter: options.docxConverter } : {}),
    } satisfies ReadyResponse;
  });
  return router;
}
