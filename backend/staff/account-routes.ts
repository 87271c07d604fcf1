import Router from '@koa/router';
import { type MessageResponse } from '../../common/api';
import { staffPaths, type StaffMeResponse } from '../../common/staff-api';
import { clientAddress } from '../http/client-address';
import type { StaffAuthService } from './staff-auth-service';
import type { StaffCookie } from './staff-cookie';
import { staffAccountMessages } from './staff-messages';
import type { StaffSessionService } from './staff-sessions';

/** A staff member's own account: who am I, keep-alive, logout, password. Mounted behind requireStaff. */
export function staffAccountRoutes(auth: StaffAuthService, sessions: StaffSessionService, cookie: StaffCookie): Router {
  const router = new Router();
  const staffId = (state: { staff?: { staffId: string } }) => state.staff!.staffId;

  router.get(staffPaths.me, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await auth.me(staffId(ctx.state))) satisfies StaffMeResponse;
  });

  // requireStaff has already refreshed the idle time.
  router.post(staffPaths.keepAlive, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { message: staffAccountMessages.keptAlive } satisfies MessageResponse;
  });

  router.post(staffPaths.logout, async (ctx) => {
    const token = cookie.read(ctx);
    if (token) await sessions.end(token);
    cookie.clear(ctx);
    ctx.body = { message: staffAccountMessages.loggedOut } satisfies MessageResponse;
  });

  router.post(staffPaths.password, async (ctx) => {
    const message = await auth.changePassword(staffId(ctx.state), ctx.request.jsonBody, { address: clientAddress(ctx) });
    cookie.clear(ctx);
    ctx.body = { message } satisfies MessageResponse;
  });

  return router;
}
