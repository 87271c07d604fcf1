import type { Middleware } from 'koa';
import type { StaffRole } from '../../common/staff-api';
import { HttpError } from '../http/errors';

/**
 * Who a staff call is from: the session the staff guard (staff/require-staff.ts) found, with the
 * account's e-mail and role as read on this call.
 */
export interface StaffCaller {
  staffId: string;
  /** The stored hash of the session token. */
  idHash: string;
  email: string;
  role: StaffRole;
}

declare module 'koa' {
  interface DefaultState {
    staff?: StaffCaller;
  }
}

export const roleMessages = {
  forbidden: 'Your staff role does not allow this.',
} as const;

/**
 * Lets only the given roles through, after the staff guard; 403 otherwise. A layer of its own, so
 * every feature with staff routes (staff, checklist, data expiry, an applicant's data) guards them
 * with it without leaning on the staff feature.
 */
export function requireRole(...roles: StaffRole[]): Middleware {
  return async (ctx, next) => {
    if (!ctx.state.staff || !roles.includes(ctx.state.staff.role)) throw new HttpError(403, roleMessages.forbidden);
    await next();
  };
}
