import Router from '@koa/router';
import type { Context } from 'koa';
import { staffApplicationMessages, staffParamPaths, staffPaths, type AccessLogResponse, type InboxResponse, type StaffApplicationResponse, type StaffFile } from '../../common/staff-api';
import { isUploadKey } from '../../common/form/model';
import { tokenMessages } from '../access-tokens/token-messages';
import { type ApplicationRecordStore, currentApplication } from '../applicant/application-record';
import type { ApplicationPdfService } from '../application-pdfs/application-pdf-service';
import { clientAddress } from '../http/client-address';
import { HttpError } from '../http/errors';
import type { AccessLog } from '../access-log/access-log';
import type { Inbox } from './inbox';
import { applicationOf } from '../security/application-of';
import { requireRole } from '../security/require-role';
import type { ObjectStore } from '../storage';
import type { AccountStore } from '../auth/accounts-store';
import { readyPdfOr202, sendPdf } from '../application-pdfs/pdf-routes';

/** One application's checklist and letter requests (backend/checklist builds them from the facts). */
export interface StaffChecklistView {
  forStaff(accountId: string): Promise<StaffFile>;
  /** A document sent after submission or an uploaded letter of this application, converted; null for any other key. */
  laterFile(accountId: string, key: string): Promise<{ pdf_key: string; file_name: string } | null>;
  /** Makes the summary rows of submitted files that have none, before the inbox filters on them. */
  refreshMissing(): Promise<unknown>;
}

export interface StaffInboxDeps {
  store: ApplicationRecordStore & { accounts: AccountStore };
  objects: ObjectStore;
  inbox: Inbox;
  accessLog: AccessLog;
  pdfs: Pick<ApplicationPdfService, 'status' | 'applicationPdfFor'>;
  checklist: StaffChecklistView;
}

/**
 * The inbox, one application's print view, its documents and PDF (any staff role), and the access
 * log (admins). Mounted behind requireStaff; every answer with applicants' data is logged first.
 */
export function staffInboxRoutes({ store, objects, inbox, accessLog, pdfs, checklist }: StaffInboxDeps): Router {
  const router = new Router();
  const staff = (ctx: Context) => ctx.state.staff!;

  const application = (ctx: Context) => applicationOf(ctx, store);

  router.get(staffPaths.applications, async (ctx) => {
    await checklist.refreshMissing();
    const answer = await inbox.list(ctx.query);
    await accessLog.staff(staff(ctx), 'list', { detail: ctx.querystring.slice(0, 500) || undefined, address: clientAddress(ctx) });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = answer satisfies InboxResponse;
  });

  router.get(staffParamPaths.application, async (ctx) => {
    const accountId = await application(ctx);
    const summary = await inbox.row(accountId);
    if (!summary) throw new HttpError(404, staffApplicationMessages.notFound);
    const { answers, addAnother, documents, tabs } = await currentApplication(store, accountId);
    const file = await checklist.forStaff(accountId);
    const documentAnswer = Object.fromEntries(Object.entries(documents).map(([key, document]) => [key, { file_name: document.file_name, file_size: document.file_size }]));
    await accessLog.staff(staff(ctx), 'view', { accountId, address: clientAddress(ctx) });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { answer: answers, add_another: addAnother, document_answer: documentAnswer, tabs, summary, ...file } satisfies StaffApplicationResponse;
  });

  router.get(staffParamPaths.applicationDocument, async (ctx) => {
    const accountId = await application(ctx);
    const key = ctx.params.key ?? '';
    // An answer's document, else a file outside the answers: a document sent later, an uploaded letter.
    const document = isUploadKey(key) ? (await currentApplication(store, accountId)).documents[key] : await checklist.laterFile(accountId, key);
    const bytes = document ? await objects.get(document.pdf_key) : null;
    if (!document || !bytes) throw new HttpError(404, tokenMessages.noDocument);
    await accessLog.staff(staff(ctx), 'document', { accountId, detail: key, address: clientAddress(ctx) });
    const fileName = `${document.file_name.replace(/\.[^.]*$/, '') || 'document'}.pdf`;
    ctx.set('Cache-Control', 'private, no-store');
    // Shown in the browser's PDF viewer, not forced to download (issue 33 item 7): it has its own download button.
    ctx.set('Content-Disposition', `inline; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
    ctx.set('Content-Security-Policy', "default-src 'none'; object-src 'self'; frame-ancestors 'none'");
    ctx.type = 'application/pdf';
    ctx.body = bytes;
  });

  // As for a service link: generated off the request path; until it is ready, 202 with its status.
  router.get(staffParamPaths.applicationPdf, async (ctx) => {
    const accountId = await application(ctx);
    const file = await readyPdfOr202(ctx, pdfs, accountId);
    if (!file) return;
    await accessLog.staff(staff(ctx), 'pdf', { accountId, address: clientAddress(ctx) });
    sendPdf(ctx, file);
  });

  // Reading the log is itself logged (issue 24), with the filters, once the reading succeeded.
  router.get(staffPaths.accessLog, requireRole('admin'), async (ctx) => {
    const page = await accessLog.page(ctx.query);
    await accessLog.staff(staff(ctx), 'access-log', { detail: ctx.querystring.slice(0, 500) || undefined, address: clientAddress(ctx) });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = page satisfies AccessLogResponse;
  });

  return router;
}
