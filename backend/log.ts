import pino, { type Logger } from 'pino';
import type { Middleware } from 'koa';

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'gradapp-backend' },
    // Secrets never reach the log, whatever a caller passes in.
    redact: { paths: ['password', '*.password', 'code', '*.code', 'token', '*.token', 'id', 'headers.cookie'], censor: '[redacted]' },
  });
}

/** One structured line per request; the query string is left out because tokens travel there. */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      logger.info(
        { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started) },
        'request',
      );
    }
  };
}
