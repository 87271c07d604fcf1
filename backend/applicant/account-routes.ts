import Router from '@koa/router';
import { apiPaths, type MessageResponse } from '../../common/api';
import type { ProfileService } from './profile-service';
import { accountMessages } from '../auth/account-messages';
import type { SessionCookies } from '../auth/session-cookies';
import type { SessionService } from '../auth/session-service';

/** The signed-in account calls: logout, profile, status, last page and keep-alive. Mounted behind requireSession. */
export function applicantAccountRoutes(profiles: ProfileService, sessions: SessionService, cookies: SessionCookies): Router {
  const router = new Router();
  const accountId = (state: { session?: { accountId: string } }) => state.session!.accountId;

  router.get(apiPaths.logout, async (ctx) => {
    const token = cookies.read(ctx);
    if (token) await sessions.end(token);
    cookies.clear(ctx);
    ctx.body = { message: accountMessages.loggedOut } satisfies MessageResponse;
  });

  router.get(apiPaths.profile, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await profiles.profile(accountId(ctx.state));
  });

  router.post(apiPaths.webStatus, async (ctx) => {
    await profiles.addWebStatus(accountId(ctx.state), ctx.request.jsonBody);
    ctx.body = { message: 'Status saved.' } satisfies MessageResponse;
  });

  // requireSession has already refreshed the idle time; there is nothing else to do.
  router.post(apiPaths.keepAlive, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { message: 'Session kept alive.' } satisfies MessageResponse;
  });

  router.put(apiPaths.lastPage, async (ctx) => {
    await profiles.setLastPage(accountId(ctx.state), ctx.request.jsonBody);
    ctx.body = { message: 'Last page saved.' } satisfies MessageResponse;
  });

  return router;
}
