import type { Middleware } from 'koa';
import { HttpError } from '../http/errors';
import { accountMessages } from './account-messages';
import type { SessionCookies } from './session-cookies';
import type { ActiveSession, SessionService } from './session-service';

declare module 'koa' {
  interface DefaultState {
    session?: ActiveSession;
  }
}

/** Guards /api: a live session or 401, clearing the cookies of a dead one (a request without them is only refused). */
export function requireSession(sessions: SessionService, cookies: SessionCookies): Middleware {
  return async (ctx, next) => {
    const token = cookies.read(ctx);
    const session = token ? await sessions.resolve(token) : null;
    if (!session) {
      cookies.clearSent(ctx);
      throw new HttpError(401, accountMessages.sessionInvalid);
    }
    ctx.state.session = session;
    await next();
  };
}
