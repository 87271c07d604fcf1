import Router from '@koa/router';
import { type MessageResponse } from '../../common/api';
import { staffPaths, type StaffEnrolResponse, type StaffInvitationResponse } from '../../common/staff-api';
import { clientAddress } from '../http/client-address';
import type { StaffAuthService } from './staff-auth-service';
import type { StaffCookie } from './staff-cookie';

/** The staff calls made without a staff session: logging in and enrolling from an invitation. */
export function staffAuthRoutes(auth: StaffAuthService, cookie: StaffCookie): Router {
  const router = new Router();

  router.post(staffPaths.login, async (ctx) => {
    const { message, sessionToken } = await auth.login(ctx.request.jsonBody, { address: clientAddress(ctx) });
    cookie.set(ctx, sessionToken);
    ctx.body = { message } satisfies MessageResponse;
  });

  router.post(staffPaths.invitation, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await auth.readInvitation(ctx.request.jsonBody, { address: clientAddress(ctx) })) satisfies StaffInvitationResponse;
  });

  router.post(staffPaths.enrol, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await auth.enrol(ctx.request.jsonBody, { address: clientAddress(ctx) })) satisfies StaffEnrolResponse;
  });

  return router;
}
