import type { Middleware } from 'koa';
import { HttpError } from '../http/errors';
import type { StaffStore } from './staff-store';
import type { StaffCookie } from './staff-cookie';
import { staffAccountMessages } from './staff-messages';
import type { StaffSessionService } from './staff-sessions';

/**
 * Guards /api/staff: a live staff session (its own cookie; an applicant's session is not one) or
 * 401, clearing a dead cookie. The account is read on every call, so a removal or a new role
 * counts at once. What the caller's role allows is `requireRole`'s (security/require-role.ts).
 */
export function requireStaff(sessions: StaffSessionService, cookie: StaffCookie, store: { staff: StaffStore }): Middleware {
  return async (ctx, next) => {
    const token = cookie.read(ctx);
    const session = token ? await sessions.resolve(token) : null;
    const staff = session ? await store.staff.findById(session.staffId) : undefined;
    if (!session || !staff || staff.enrolled_at === null) {
      if (token) cookie.clear(ctx);
      throw new HttpError(401, staffAccountMessages.sessionInvalid);
    }
    ctx.state.staff = { ...session, email: staff.email, role: staff.role };
    await next();
  };
}
