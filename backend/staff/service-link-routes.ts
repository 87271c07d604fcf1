import Router from '@koa/router';
import type { Context } from 'koa';
import { type MessageResponse } from '../../common/api';
import { staffParamPaths, staffPaths, type ServiceLinksResponse } from '../../common/staff-api';
import { type MintedTokenResponse } from '../../common/token-api';
import type { AccessTokenService } from '../access-tokens/token-service';
import { clientAddress } from '../http/client-address';
import { shownTokenHash, type AccessLog } from '../access-log/access-log';
import { requireRole } from '../security/require-role';

export const serviceLinkMessages = {
  revoked: 'The service link is revoked: it no longer opens the application.',
} as const;

/**
 * Service links from the staff pages (admin role, issue 24): mint one for an application (its
 * minter is the staff member), list the live ones, revoke one at once. Mounted behind requireStaff;
 * minting and revoking are in the access log.
 */
export function staffServiceLinkRoutes(tokens: AccessTokenService, accessLog: AccessLog): Router {
  const router = new Router();
  const staff = (ctx: Context) => ctx.state.staff!;
  router.use(staffPaths.serviceLinks, requireRole('admin'));

  router.get(staffPaths.serviceLinks, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await tokens.listServiceLinks()) satisfies ServiceLinksResponse;
  });

  router.post(staffPaths.serviceLinks, async (ctx) => {
    const minted = await tokens.mintServiceLink(ctx.request.jsonBody, staff(ctx).email);
    const { application_id: accountId } = ctx.request.jsonBody as { application_id: string };
    await accessLog.staff(staff(ctx), 'mint-link', { accountId, detail: `expires ${minted.expires_at}`, address: clientAddress(ctx) });
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 201;
    ctx.body = minted satisfies MintedTokenResponse;
  });

  router.delete(staffParamPaths.serviceLink, async (ctx) => {
    const { accountId, tokenHash } = await tokens.revokeServiceLink(ctx.params.id ?? '', staff(ctx).email);
    await accessLog.staff(staff(ctx), 'revoke-link', { accountId, detail: shownTokenHash(tokenHash), address: clientAddress(ctx) });
    ctx.body = { message: serviceLinkMessages.revoked } satisfies MessageResponse;
  });

  return router;
}
