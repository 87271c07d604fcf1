import type { Context } from 'koa';

/** The caller's address for rate limits; Koa reads X-Forwarded-For only when the proxy is trusted. */
export function clientAddress(ctx: Context): string {
  return ctx.ip || 'unknown';
}
