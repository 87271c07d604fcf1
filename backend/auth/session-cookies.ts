import type { Context } from 'koa';
import { presenceCookieName, sessionCookieName } from '../../common/session-cookies';

export interface CookieSettings {
  prefix: string;
  secure: boolean;
  maxAgeMs: number;
}

/**
 * The HttpOnly session cookie and the readable presence cookie (spec platform section 6) always
 * travel together: both are set at login and both are cleared at logout or when the session is
 * found invalid, so the renderer never believes in a session the server has ended.
 */
export function sessionCookies(settings: CookieSettings) {
  const session = sessionCookieName(settings.prefix);
  const presence = presenceCookieName(settings.prefix);

  function write(ctx: Context, token: string | null): void {
    // Behind a TLS proxy the request may look like http; the public URL decides.
    if (settings.secure) ctx.cookies.secure = true;
    const common = { path: '/', sameSite: 'lax' as const, secure: settings.secure, overwrite: true };
    const maxAge = token === null ? 0 : settings.maxAgeMs;
    const expires = token === null ? new Date(0) : undefined;
    ctx.cookies.set(session, token ?? '', { ...common, httpOnly: true, maxAge, expires });
    ctx.cookies.set(presence, token === null ? '' : '1', { ...common, httpOnly: false, maxAge, expires });
  }

  return {
    read: (ctx: Context): string | undefined => ctx.cookies.get(session) || undefined,
    set: (ctx: Context, token: string) => write(ctx, token),
    clear: (ctx: Context) => write(ctx, null),
    /** Clears the cookies the request carried; a request with neither has nothing to clear. */
    clearSent: (ctx: Context) => {
      if (ctx.cookies.get(session) !== undefined || ctx.cookies.get(presence) !== undefined) write(ctx, null);
    },
  };
}

export type SessionCookies = ReturnType<typeof sessionCookies>;
