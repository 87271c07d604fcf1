import Router from '@koa/router';
import { SENSITIVE_REASON_LENGTH, staffParamPaths, type SensitiveAnswerResponse } from '../../common/staff-api';
import { isSensitiveKey } from '../../common/form/model';
import { sensitiveAnswer, type ApplicationRecordStore } from '../applicant/application-record';
import type { AccessLog } from '../access-log/access-log';
import type { AccountStore } from '../auth/accounts-store';
import { clientAddress } from '../http/client-address';
import { badRequest } from '../http/errors';
import { applicationOf } from '../security/application-of';
import { requireRole } from '../security/require-role';

export const sensitiveAnswerMessages = {
  notSensitive: 'Only a sensitive answer (the Social Security Number) is asked for this way; the others are in the application.',
  reasonRequired: `Say why you need the full value (${SENSITIVE_REASON_LENGTH.min} to ${SENSITIVE_REASON_LENGTH.max} characters, one line): it is written to the access log with your name.`,
} as const;

/**
 * The full value of a sensitive answer (admin role; docs/decisions.md, "Sensitive answers sealed"):
 * everywhere else staff see its last four characters. The reason is required and the access log
 * records who asked, why and for which application before the value goes out.
 */
export function staffSensitiveAnswerRoutes(store: ApplicationRecordStore & { accounts: AccountStore }, accessLog: AccessLog): Router {
  const router = new Router();
  router.post(staffParamPaths.sensitiveAnswer, requireRole('admin'), async (ctx) => {
    const accountId = await applicationOf(ctx, store);
    const key = ctx.params.key ?? '';
    if (!isSensitiveKey(key)) throw badRequest(sensitiveAnswerMessages.notSensitive);
    const body = ctx.request.jsonBody as { reason?: unknown } | undefined;
    const reason = typeof body?.reason === 'string' ? body.reason.trim() : '';
    if (reason.length < SENSITIVE_REASON_LENGTH.min || reason.length > SENSITIVE_REASON_LENGTH.max || /[\r\n\t]/.test(reason)) {
      throw badRequest(sensitiveAnswerMessages.reasonRequired, { reason: [sensitiveAnswerMessages.reasonRequired] });
    }
    const value = await sensitiveAnswer(store, accountId, key);
    await accessLog.staff(ctx.state.staff!, 'sensitive-answer', { accountId, detail: `${key}: ${reason}`, address: clientAddress(ctx) });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { value } satisfies SensitiveAnswerResponse;
  });
  return router;
}
