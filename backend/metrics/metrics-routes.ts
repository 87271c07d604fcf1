import { timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import { apiPaths } from '../../common/api';
import { HttpError } from '../http/errors';
import type { Metrics } from './metrics';

/**
 * Times every request into the route histogram. The label is the matched router pattern
 * (`/api/answer`, `/service/:token`...); anything no router matched is 'unmatched', the renderer's
 * files 'renderer', so no raw path (and no token in one) becomes a label.
 */
export function requestMetrics(metrics: Metrics): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
      const route = typeof matched === 'string' ? matched : ctx.state.rendererFile ? 'renderer' : 'unmatched';
      metrics.observeRequest({ method: ctx.method, route, status: ctx.status }, (performance.now() - started) / 1000);
    }
  };
}

/**
 * GET /metrics in Prometheus's text format, for a scraper holding METRICS_TOKEN as a bearer token.
 * Without metrics configured the path is unknown (404), like any other.
 */
export function metricsEndpoint(metrics: Metrics | null, token: string | null): Middleware {
  const expected = token ? Buffer.from(`Bearer ${token}`) : null;
  return async (ctx, next) => {
    if (ctx.path !== apiPaths.metrics || !metrics || !expected) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw new HttpError(405, 'This method is not allowed here.');
    const given = Buffer.from(ctx.get('Authorization'));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new HttpError(401, 'The metrics need the bearer token this instance was configured with.', undefined, { 'WWW-Authenticate': 'Bearer realm="metrics"' });
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  };
}
