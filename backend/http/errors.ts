import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import type { ErrorResponse } from '../../common/api';
import { loggablePath } from '../../common/secret-paths';
import { isBackingServiceUnavailable } from './backing-service-unavailable';

export const UNEXPECTED_ERROR_MESSAGE = "We've encountered an unexpected error at this time. Please try again later.";

/** The answer while the database (or the object store) cannot be reached: nothing was done, and nothing saved before is lost. */
export const SERVICE_UNAVAILABLE_MESSAGE = 'We cannot reach our records for a moment. Please try again in a few seconds; everything you saved before is kept.';
/** Seconds a client waits before it sends the request again (a restart or failover takes a few). */
export const SERVICE_UNAVAILABLE_RETRY_AFTER_S = 5;

/** An error whose message is meant for the client. */
export class HttpError extends Error {
  readonly status: number;
  readonly errors?: Record<string, string[]>;
  readonly headers?: Record<string, string>;

  constructor(status: number, message: string, errors?: Record<string, string[]>, headers?: Record<string, string>) {
    // A client's mistake (4xx) is answered, never logged, so its stack is never read: capturing
    // one cost more than the rest of a 401's own work (docs/performance.md, "the floor under a request, and what a 401 cost").
    const frames = Error.stackTraceLimit;
    if (status < 500) Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = frames;
    this.name = 'HttpError';
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }
}

export const badRequest = (message: string, errors?: Record<string, string[]>) => new HttpError(400, message, errors);

/** The status nginx logs for a request its client closed before the answer; no client ever reads it. */
export const CLIENT_CLOSED_REQUEST = 499;

/** The client went away while its request was being read (Node's 'aborted', ECONNRESET): not the server's failure. */
function clientClosed(ctx: Context, error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return ctx.req.destroyed && !ctx.req.complete && (code === 'ECONNRESET' || message === 'aborted');
}

/**
 * The one error middleware (STYLE.md item 10): every failure becomes `{ message }` with its
 * status. Only messages meant for the client are sent; anything else is logged and answered 500
 * with the generic message, never a stack trace. A client that closed its request half sent gets
 * nothing (it is gone) and is logged as 499 by the request log, not as a failure.
 */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        throw new HttpError(404, 'Not found.');
      }
    } catch (error) {
      if (clientClosed(ctx, error)) {
        ctx.status = CLIENT_CLOSED_REQUEST;
        return;
      }
      const { status, body, headers } = toResponse(error);
      if (status === 503 && !(error instanceof HttpError)) logger.warn({ err: error, requestId: ctx.state.requestId, method: ctx.method, path: loggablePath(ctx.path) }, 'a backing service is unavailable');
      else if (status >= 500) logger.error({ err: error, requestId: ctx.state.requestId, method: ctx.method, path: loggablePath(ctx.path) }, 'request failed');
      ctx.status = status;
      ctx.set(headers);
      ctx.body = body;
    }
  };
}

function toResponse(error: unknown): { status: number; body: ErrorResponse; headers: Record<string, string> } {
  if (error instanceof HttpError) {
    const body: ErrorResponse = { message: error.message };
    if (error.errors) body.errors = error.errors;
    return { status: error.status, body, headers: error.headers ?? {} };
  }
  // Errors raised by Koa itself or its helpers (ctx.throw, http-errors) carry status and expose.
  const candidate = error as { status?: unknown; expose?: unknown; message?: unknown };
  if (typeof candidate.status === 'number' && candidate.status >= 400 && candidate.status < 500 && candidate.expose) {
    return { status: candidate.status, body: { message: String(candidate.message) }, headers: {} };
  }
  if (isBackingServiceUnavailable(error)) {
    return { status: 503, body: { message: SERVICE_UNAVAILABLE_MESSAGE }, headers: { 'Retry-After': String(SERVICE_UNAVAILABLE_RETRY_AFTER_S) } };
  }
  return { status: 500, body: { message: UNEXPECTED_ERROR_MESSAGE }, headers: {} };
}
