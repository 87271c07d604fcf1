import type { Middleware } from 'koa';
import type { StaffRole } from '../../common/staff-api';
import { HttpError } from '../http/errors';
import type { StaffStore } from './staff-store';
import type { StaffCookie } from './staff-cookie';
import { staffAccountMessages } from './staff-messages';
import type { ActiveStaffSession, StaffSessionService } from './staff-sessions';

export interface StaffCaller extends ActiveStaffSession {
  email: string;
  role: StaffRole;
}

declare module 'koa' {
  interface DefaultState {
    staff?: StaffCaller;
  }
}

/**
 * Guards /api/staff: a live staff session (its own cookie; an applicant's session is not one) or
 * 401, clearing a dead cookie. The account is read on every call, so a removal or a new role
 * counts at once.
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

/** Lets only the given roles through (after requireStaff). */
export function requireRole(...roles: StaffRole[]): Middleware {
  return async (ctx, next) => {
    if (!ctx.state.staff || !roles.includes(ctx.state.staff.role)) throw new HttpError(403, staffAccountMessages.forbidden);
    await next();
  };
}
