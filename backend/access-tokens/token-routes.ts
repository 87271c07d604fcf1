import Router from '@koa/router';
import type { Context } from 'koa';
import { paramPaths } from '../../common/api';
import { PREFILL_TOKEN_PARAM, SERVICE_TOKEN_PARAM, tokenPaths, type MintedTokenResponse } from '../../common/token-api';
import { adminGuard } from './admin-guard';
import { tokenMinters, type AccessTokenService } from './token-service';
import type { ApplicationPdfService } from '../application-pdfs/application-pdf-service';
import { readyPdfOr202, sendPdf } from '../application-pdfs/pdf-routes';
import type { Clock } from '../platform/clock';
import { clientAddress } from '../http/client-address';
import type { AccessLog } from '../access-log/access-log';
import type { RateLimitStore } from '../security/rate-limits-store';

/**
 * The token calls (spec platform section 7): the service view and its documents, the prefill,
 * and, only while ADMIN_API_KEY is set, the admin endpoint that mints both. None uses a session,
 * and none changes an application.
 */
export function accessTokenRoutes(
  tokens: AccessTokenService,
  pdfs: Pick<ApplicationPdfService, 'status' | 'applicationPdfFor'>,
  admin: { apiKey: string | null; apiKeyLabel: string; store: { rateLimits: RateLimitStore }; clock: Clock },
  accessLog: Pick<AccessLog, 'serviceToken'>,
): Router[] {
  const viewer = new Router();
  /** Every view through a service link is in the access log, with the token that made it (issue 19). */
  const logged = async (ctx: Context, action: 'view' | 'pdf' | 'document', detail?: string) => {
    const caller = await tokens.serviceCaller(ctx.query[SERVICE_TOKEN_PARAM]);
    await accessLog.serviceToken(caller, action, { accountId: caller.accountId, detail, address: clientAddress(ctx) });
  };

  // The whole-application PDF for staff (spec platform section 4): generated off the request path
  // as for the applicant; until it is ready the answer is 202 with its status and Retry-After.
  viewer.get(tokenPaths.servicePdf, async (ctx) => {
    const accountId = await tokens.serviceAccount(ctx.query[SERVICE_TOKEN_PARAM]);
    const file = await readyPdfOr202(ctx, pdfs, accountId);
    if (!file) return;
    await logged(ctx, 'pdf');
    sendPdf(ctx, file);
  });

  viewer.get(tokenPaths.serviceApplication, async (ctx) => {
    const application = await tokens.serviceApplication(ctx.query[SERVICE_TOKEN_PARAM]);
    await logged(ctx, 'view');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = application;
  });

  viewer.get(paramPaths.serviceDocument, async (ctx) => {
    const { bytes, fileName } = await tokens.serviceDocument(ctx.query[SERVICE_TOKEN_PARAM], ctx.params.key!);
    await logged(ctx, 'document', ctx.params.key);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', `inline; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
    // The browser's own PDF viewer needs object-src; the document is the whole response.
    ctx.set('Content-Security-Policy', "default-src 'none'; object-src 'self'; frame-ancestors 'none'");
    ctx.type = 'application/pdf';
    ctx.body = bytes;
  });

  viewer.get(tokenPaths.prefill, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await tokens.prefill(ctx.query[PREFILL_TOKEN_PARAM]);
  });

  if (admin.apiKey === null) return [viewer];

  const minter = tokenMinters.apiKey(admin.apiKeyLabel);
  const minting = new Router();
  minting.use(tokenPaths.adminServiceTokens, adminGuard(admin.apiKey, admin.store, admin.clock));
  minting.use(tokenPaths.adminPrefillTokens, adminGuard(admin.apiKey, admin.store, admin.clock));
  minting.post(tokenPaths.adminServiceTokens, async (ctx) => {
    ctx.status = 201;
    ctx.body = (await tokens.mintServiceToken(ctx.request.jsonBody, minter)) satisfies MintedTokenResponse;
  });
  minting.post(tokenPaths.adminPrefillTokens, async (ctx) => {
    ctx.status = 201;
    ctx.body = (await tokens.mintPrefillToken(ctx.request.jsonBody, minter)) satisfies MintedTokenResponse;
  });
  return [viewer, minting];
}
