import Router from '@koa/router';
import { apiPaths, type MessageResponse } from '../../common/api';
import type { AccountService } from './account-service';
import type { SessionCookies } from './session-cookies';
import { clientAddress } from '../http/client-address';

/** The unauthenticated account calls of spec platform section 7. */
export function publicAuthRoutes(accounts: AccountService, cookies: SessionCookies): Router {
  const router = new Router();
  const reply = (message: string): MessageResponse => ({ message });

  router.post(apiPaths.signup, async (ctx) => {
    ctx.status = 201;
    ctx.body = reply(await accounts.signup(ctx.request.jsonBody, { address: clientAddress(ctx) }));
  });

  router.post(apiPaths.confirm, async (ctx) => {
    const { message, sessionToken } = await accounts.confirm(ctx.request.jsonBody, { address: clientAddress(ctx) });
    cookies.set(ctx, sessionToken);
    ctx.body = reply(message);
  });

  router.post(apiPaths.resendConfirm, async (ctx) => {
    ctx.body = reply(await accounts.resendConfirmation(ctx.request.jsonBody, { address: clientAddress(ctx) }));
  });

  router.post(apiPaths.login, async (ctx) => {
    const { message, sessionToken } = await accounts.login(ctx.request.jsonBody, { address: clientAddress(ctx) });
    cookies.set(ctx, sessionToken);
    ctx.body = reply(message);
  });

  router.post(apiPaths.forgotPassword, async (ctx) => {
    ctx.body = reply(await accounts.forgotPassword(ctx.request.jsonBody, { address: clientAddress(ctx) }));
  });

  router.post(apiPaths.resetPassword, async (ctx) => {
    ctx.body = reply(await accounts.resetPassword(ctx.request.jsonBody, { address: clientAddress(ctx) }));
  });

  return router;
}
