import pino, { type DestinationStream, type Logger } from 'pino';
import type { Middleware } from 'koa';
import { loggablePath } from '../../common/secret-paths';

/** JSON lines on stdout, or on the given stream (tests read what is logged). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'gradapp-backend' },
    // Secrets never reach the log, whatever a caller passes in.
    redact: { paths: ['password', '*.password', 'code', '*.code', 'token', '*.token', 'id', 'headers.cookie'], censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * One structured line per request; the query string is left out because tokens travel there, and
 * a recommender's token is taken out of the path (common/secret-paths.ts).
 */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      logger.info(
        { requestId: ctx.state.requestId, method: ctx.method, path: loggablePath(ctx.path), status: ctx.status, ms: Math.round(performance.now() - started) },
        'request',
      );
    }
  };
}
