import { Readable } from 'node:stream';
import Router from '@koa/router';
import { apiPaths, type DeleteAccountResponse, type MessageResponse } from '../../common/api';
import type { DeletionRequestsResponse } from '../../common/applicant-data-api';
import { staffParamPaths, staffPaths } from '../../common/staff-api';
import type { AccessLog } from '../access-log/access-log';
import type { SessionCookies } from '../auth/session-cookies';
import { clientAddress } from '../http/client-address';
import { HttpError } from '../http/errors';
import type { Clock } from '../platform/clock';
import { requireRole } from '../security/require-role';
import type { AccountDeletion } from './account-deletion';
import type { ApplicantDataStore } from './applicant-data-store';
import type { ApplicantPurge } from './delete-applicant';
import { myDataZip, type MyDataDeps } from './my-data-zip';

export const deletionRequestMessages = {
  notFound: 'No deletion request is waiting for this application.',
  completed: 'The account and everything in it have been deleted.',
} as const;

/** The file name the download is saved under. */
export const MY_DATA_FILE_NAME = 'my-application-data.zip';

/** "Download my data" and "Delete my account" (issue 35 item 4), behind the applicant's session. */
export function applicantDataRoutes(deps: MyDataDeps & { deletion: AccountDeletion; cookies: SessionCookies; clock: Clock }): Router {
  const router = new Router();
  const accountId = (state: { session?: { accountId: string } }) => state.session!.accountId;

  router.get(apiPaths.myData, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', `attachment; filename="${MY_DATA_FILE_NAME}"`);
    ctx.type = 'application/zip';
    // Readable.from pulls the next file only as the client takes the bytes: one document in memory at a time.
    ctx.body = Readable.from(myDataZip(deps, accountId(ctx.state), new Date(deps.clock())));
  });

  router.post(apiPaths.deleteAccount, async (ctx) => {
    const result = await deps.deletion.deleteOwnAccount(accountId(ctx.state), ctx.request.jsonBody, { address: clientAddress(ctx) });
    // The account is gone, and so are its sessions: the cookies go too.
    if (result.outcome === 'deleted') deps.cookies.clear(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = result satisfies DeleteAccountResponse;
  });

  return router;
}

/**
 * The submitted applicants' deletion requests (admin role): the list, and "Complete deletion",
 * which deletes the account with everything it owns and is in the access log with who did it.
 * Mounted behind requireStaff.
 */
export function staffDeletionRequestRoutes(deps: { store: { applicantData: ApplicantDataStore }; purge: ApplicantPurge; accessLog: AccessLog }): Router {
  const router = new Router();

  router.get(staffPaths.deletionRequests, requireRole('admin'), async (ctx) => {
    const rows = await deps.store.applicantData.requests();
    await deps.accessLog.staff(ctx.state.staff!, 'list', { detail: 'deletion requests', address: clientAddress(ctx) });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      requests: rows.map((row) => ({ application_id: row.account_id, email: row.username, name: row.name, requested_at: new Date(row.requested_at).toISOString(), submitted_at: row.submitted_at === null ? null : new Date(row.submitted_at).toISOString() })),
    } satisfies DeletionRequestsResponse;
  });

  router.post(staffParamPaths.completeDeletion, requireRole('admin'), async (ctx) => {
    const staff = ctx.state.staff!;
    const accountId = ctx.params.id ?? '';
    const requestedAt = /^[0-9a-f-]{36}$/i.test(accountId) ? await deps.store.applicantData.findRequest(accountId) : null;
    if (requestedAt === null) throw new HttpError(404, deletionRequestMessages.notFound);
    const purged = await deps.purge.purge(accountId, { unsubmittedOnly: false, reason: 'deletion-request', purgedBy: `staff:${staff.staffId}`, requestedAt });
    if (purged === null || purged === 'submitted') throw new HttpError(404, deletionRequestMessages.notFound);
    await deps.accessLog.staff(staff, 'deletion.complete', { accountId, detail: `requested ${new Date(requestedAt).toISOString()}`, address: clientAddress(ctx) });
    ctx.body = { message: deletionRequestMessages.completed } satisfies MessageResponse;
  });

  return router;
}
