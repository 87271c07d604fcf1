import Router from '@koa/router';
import type { Logger } from 'pino';
import { BOUNCE_BODY_LIMIT_BYTES, type BounceResponse } from '../../common/mail-bounce-api';
import { tokenPaths } from '../../common/token-api';
import { adminGuard } from '../access-tokens/admin-guard';
import type { RateLimitStore } from '../security/rate-limits-store';
import { HttpError } from '../http/errors';
import { readBody } from '../http/json-body';
import type { Clock } from '../platform/clock';
import { describeFailure, parseBounceReport, permanentFailure, type BounceReport } from '../mail/bounce-report';
import type { BounceStore } from '../mail/bounce-store';
import { mailIdFromHeader, mailIdFromVerp } from '../mail/verp';

export const bounceMessages = {
  wrongType: 'Send the bounce as it was received, with Content-Type: message/rfc822 (or text/plain).',
  notReport:
    'This is not a delivery status notification: a bounce is a multipart/report (RFC 3464) whose message/delivery-status part names each recipient with its Action and Status.',
} as const;

/** Most candidate mail ids tried for one bounce (a report can name a handful; a hostile one, thousands). */
const MAX_CANDIDATES = 4;

/** The outbox mails a report may be about: the VERP address it came back to first, then the ids it quotes. */
function candidateIds(report: BounceReport, bounceAddress: string | null): string[] {
  const verp = bounceAddress ? report.returnedTo.map((value) => mailIdFromVerp(bounceAddress, value)) : [];
  const quoted = report.quotedMailIds.map(mailIdFromHeader);
  return [...new Set([...verp, ...quoted].filter((id): id is string => id !== null))].slice(0, MAX_CANDIDATES);
}

/** The first recipient's status when it is one (x.y.z); a hostile report's text is never echoed. */
const statusCode = (report: BounceReport) => report.recipients.map(({ status }) => status).find((status) => /^[245]\.\d{1,3}\.\d{1,3}$/.test(status)) ?? null;

export interface BounceRouteDeps {
  adminApiKey: string;
  /** MAIL_BOUNCE_ADDRESS: the base of the VERP envelope senders the bounces come back to. */
  bounceAddress: string | null;
  store: { bounces: BounceStore; rateLimits: RateLimitStore };
  clock: Clock;
  logger: Logger;
}

/**
 * POST /admin/mail/bounces (issue 28 item 2): the MTA that receives the bounces pipes each one here
 * (README: "Bounces"). Behind the admin key's guard, like the links it mints; read before the JSON
 * parser, since the body is a mail. A permanent failure of one of our mails marks it refused and,
 * for an invitation, the applicant's checklist says so; anything else changes nothing.
 */
export function bounceRoutes(deps: BounceRouteDeps): Router {
  const router = new Router();
  router.use(tokenPaths.adminMailBounces, adminGuard(deps.adminApiKey, deps.store, deps.clock));
  router.post(tokenPaths.adminMailBounces, async (ctx) => {
    if (!ctx.is('message/rfc822', 'text/plain')) throw new HttpError(415, bounceMessages.wrongType);
    const report = parseBounceReport(await readBody(ctx, BOUNCE_BODY_LIMIT_BYTES));
    if (report === null) throw new HttpError(400, bounceMessages.notReport);
    const log = deps.logger.child({ bounce: report.recipients.map(({ action, status }) => `${action} ${status}`).join(', ').slice(0, 200) });
    const failed = permanentFailure(report);
    if (!failed) {
      log.info('bounce report is not a permanent failure; nothing recorded');
      ctx.status = 202;
      ctx.body = { recorded: false, reason: 'not-permanent', status: statusCode(report) } satisfies BounceResponse;
      return;
    }
    const failure = describeFailure(failed);
    for (const mailId of candidateIds(report, deps.bounceAddress)) {
      const recorded = await deps.store.bounces.recordBounce(mailId, failure, deps.clock());
      if (!recorded) continue;
      log.info({ mail: mailId, request: recorded.requestId }, 'bounce recorded: the mail was refused');
      ctx.body = { recorded: true, mail_id: mailId, request_id: recorded.requestId, status: failed.status, failure } satisfies BounceResponse;
      return;
    }
    log.warn('bounce report matches no mail in the outbox; nothing recorded');
    ctx.status = 202;
    ctx.body = { recorded: false, reason: 'no-matching-mail', status: failed.status } satisfies BounceResponse;
  });
  return router;
}
