import Router from '@koa/router';
import { PREFILL_TOKEN_PARAM, SERVICE_TOKEN_PARAM, paramPaths, tokenPaths, type MintedTokenResponse } from '../../common/api';
import { adminGuard } from '../access-tokens/admin-guard';
import type { AccessTokenService } from '../access-tokens/token-service';
import { tokenMessages } from '../access-tokens/token-messages';
import type { ApplicationPdfService } from '../application-pdf/application-pdf-service';
import { sendPdf } from './applicant-pdf';
import type { Clock } from '../clock';
import type { Store } from '../store';

/**
 * The token calls (spec platform section 7): the service view and its documents, the prefill,
 * and, only while ADMIN_API_KEY is set, the admin endpoint that mints both. None uses a session,
 * and none changes an application.
 */
export function accessTokenRoutes(
  tokens: AccessTokenService,
  pdfs: Pick<ApplicationPdfService, 'status' | 'applicationPdfFor'>,
  admin: { apiKey: string | null; store: Store; clock: Clock },
): Router[] {
  const viewer = new Router();

  // The whole-application PDF for staff (spec platform section 4): generated off the request path
  // as for the applicant; until it is ready the answer is 202 with its status and Retry-After.
  viewer.get(tokenPaths.servicePdf, async (ctx) => {
    const accountId = await tokens.serviceAccount(ctx.query[SERVICE_TOKEN_PARAM]);
    const { status } = await pdfs.status(accountId);
    const file = status === 'COMPLETED' ? await pdfs.applicationPdfFor(accountId) : null;
    if (!file) {
      ctx.status = 202;
      ctx.set('Retry-After', '2');
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { status, message: tokenMessages.pdfPreparing };
      return;
    }
    sendPdf(ctx, file);
  });

  viewer.get(tokenPaths.serviceApplication, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await tokens.serviceApplication(ctx.query[SERVICE_TOKEN_PARAM]);
  });

  viewer.get(paramPaths.serviceDocument, async (ctx) => {
    const { bytes, fileName } = await tokens.serviceDocument(ctx.query[SERVICE_TOKEN_PARAM], ctx.params.key!);
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

  const minting = new Router();
  minting.use(tokenPaths.adminServiceTokens, adminGuard(admin.apiKey, admin.store, admin.clock));
  minting.use(tokenPaths.adminPrefillTokens, adminGuard(admin.apiKey, admin.store, admin.clock));
  minting.post(tokenPaths.adminServiceTokens, async (ctx) => {
    ctx.status = 201;
    ctx.body = (await tokens.mintServiceToken(ctx.request.jsonBody, 'admin-api')) satisfies MintedTokenResponse;
  });
  minting.post(tokenPaths.adminPrefillTokens, async (ctx) => {
    ctx.status = 201;
    ctx.body = (await tokens.mintPrefillToken(ctx.request.jsonBody, 'admin-api')) satisfies MintedTokenResponse;
  });
  return [viewer, minting];
}
