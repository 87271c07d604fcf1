import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';

declare module 'koa' {
  interface DefaultState {
    /** This request's id: in the X-Request-Id answer header and in its log lines. */
    requestId?: string;
  }
}

export const REQUEST_ID_HEADER = 'X-Request-Id';
/** What a proxy's id may look like: short, printable, no spaces (nginx's $request_id is 32 hex digits). */
const USABLE_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/**
 * Gives every request an id, answered in X-Request-Id and written in its log lines. A trusted
 * proxy's id is kept, so one id follows the request through the proxy's log and ours; a client's
 * own is never taken (it could make log lines of other requests look like its own).
 */
export function requestId(trustProxy: boolean): Middleware {
  return async (ctx, next) => {
    const offered = trustProxy ? ctx.get(REQUEST_ID_HEADER) : '';
    ctx.state.requestId = USABLE_ID.test(offered) ? offered : randomUUID();
    ctx.set(REQUEST_ID_HEADER, ctx.state.requestId);
    await next();
  };
}
