import type { Middleware } from 'koa';
import { HttpError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for /api and /public: a state-changing call must come from an
 * allowed Origin (browsers always send one on such calls), and no call may come from another
 * site's page. GET /api/logout changes state too, which Sec-Fetch-Site covers.
 */
export function originCheck(allowedOrigins: readonly string[]): Middleware {
  const allowed = new Set(allowedOrigins);
  return async (ctx, next) => {
    const origin = ctx.get('origin');
    if (origin && !allowed.has(origin) && !SAFE_METHODS.has(ctx.method)) {
      throw new HttpError(403, 'This request came from a page that is not allowed to use this application.');
    }
    if (ctx.get('sec-fetch-site') === 'cross-site') {
      throw new HttpError(403, 'This request came from a page that is not allowed to use this application.');
    }
    await next();
  };
}
