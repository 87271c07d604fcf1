import type { Context } from 'koa';

/**
 * The staff session cookie: HttpOnly, SameSite=Strict, sent only to /api/staff, and named so that
 * it never starts with the applicants' prefix (the renderer reads a cookie with that prefix as an
 * applicant logged in). There is no presence cookie: the staff pages ask GET /api/staff/me.
 */
export const STAFF_COOKIE_PATH = '/api/staff';

export function staffCookieName(prefix: string): string {
  return `staff-${prefix}.session`;
}

export function staffCookie(settings: { prefix: string; secure: boolean; maxAgeMs: number }) {
  const name = staffCookieName(settings.prefix);

  function write(ctx: Context, token: string | null): void {
    if (settings.secure) ctx.cookies.secure = true;
    ctx.cookies.set(name, token ?? '', {
      path: STAFF_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: settings.secure,
      overwrite: true,
      maxAge: token === null ? 0 : settings.maxAgeMs,
      expires: token === null ? new Date(0) : undefined,
    });
  }

  return {
    read: (ctx: Context): string | undefined => ctx.cookies.get(name) || undefined,
    set: (ctx: Context, token: string) => write(ctx, token),
    clear: (ctx: Context) => write(ctx, null),
  };
}

export type StaffCookie = ReturnType<typeof staffCookie>;
