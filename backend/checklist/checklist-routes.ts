import Router from '@koa/router';
import type { Context } from 'koa';
import { checklistPaths, staffChecklistPaths, type ChecklistResponse } from '../../common/checklist-api';
import type { AccessAction, AccessLog } from '../access-log/access-log';
import type { AccountStore } from '../auth/accounts-store';
import { clientAddress } from '../http/client-address';
import { applicationOf } from '../security/application-of';
import { requireRole } from '../security/require-role';
import type { ChecklistService } from './checklist-service';

/** GET /api/checklist: the applicant's own checklist, after submission. Mounted behind requireSession. */
export function applicantChecklistRoutes(checklist: ChecklistService): Router {
  const router = new Router();
  router.get(checklistPaths.applicant, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await checklist.forApplicant(ctx.state.session!.accountId)) satisfies ChecklistResponse;
  });
  return router;
}

/**
 * What staff record of a file (issue 28 item 4; docs/decisions.md, "The checklist and the office's
 * complete file"): every staff role records the fee, transcripts and documents that arrived; admins
 * alone revoke a recommender's link. Mounted behind requireStaff; each change is logged once made.
 */
export function staffChecklistRoutes(checklist: ChecklistService, store: { accounts: AccountStore }, accessLog: AccessLog): Router {
  const router = new Router();

  const application = (ctx: Context) => applicationOf(ctx, store);

  const log = (ctx: Context, action: AccessAction, accountId: string, detail: string) => accessLog.staff(ctx.state.staff!, action, { accountId, detail, address: clientAddress(ctx) });
  const stateOf = (body: unknown) => String((body as { state?: unknown }).state);

  router.put(staffChecklistPaths.fee, async (ctx) => {
    const accountId = await application(ctx);
    const answer = await checklist.recordFee(accountId, ctx.request.jsonBody, ctx.state.staff!);
    await log(ctx, 'checklist.fee', accountId, stateOf(ctx.request.jsonBody));
    ctx.body = answer satisfies ChecklistResponse;
  });

  router.put(staffChecklistPaths.transcript, async (ctx) => {
    const accountId = await application(ctx);
    const slot = ctx.params.slot ?? '';
    const answer = await checklist.recordTranscript(accountId, slot, ctx.request.jsonBody, ctx.state.staff!);
    await log(ctx, 'checklist.transcript', accountId, `${slot} ${stateOf(ctx.request.jsonBody)}`);
    ctx.body = answer satisfies ChecklistResponse;
  });

  router.put(staffChecklistPaths.document, async (ctx) => {
    const accountId = await application(ctx);
    const key = ctx.params.key ?? '';
    const answer = await checklist.recordDocument(accountId, key, ctx.request.jsonBody, ctx.state.staff!);
    await log(ctx, 'checklist.document', accountId, `${key} ${stateOf(ctx.request.jsonBody)}`);
    ctx.body = answer satisfies ChecklistResponse;
  });

  router.delete(staffChecklistPaths.recommendation, requireRole('admin'), async (ctx) => {
    const accountId = await application(ctx);
    const requestId = ctx.params.request ?? '';
    await checklist.revokeRecommendation(accountId, requestId);
    await log(ctx, 'recommendation.revoke', accountId, requestId);
    ctx.status = 204;
  });

  return router;
}
