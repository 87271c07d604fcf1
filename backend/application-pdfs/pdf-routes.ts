import Router from '@koa/router';
import { apiPaths, paramPaths, type ApplicationPdfResponse } from '../../common/api';
import { applicationPdfMessages } from '../../common/application-pdf-messages';
import type { ApplicationPdfFile, ApplicationPdfService } from './application-pdf-service';
import type { Context } from 'koa';

/**
 * Sends a PDF: a download, or with `?disposition=inline` shown in the browser's PDF viewer (the
 * Print button opens it there). Never kept by a cache: it holds an applicant's answers.
 */
export function sendPdf(ctx: Context, file: ApplicationPdfFile): void {
  const disposition = ctx.query.disposition === 'inline' ? 'inline' : 'attachment';
  ctx.set('Cache-Control', 'private, no-store');
  ctx.set('Content-Disposition', `${disposition}; filename="${file.fileName}"`);
  ctx.type = 'application/pdf';
  ctx.body = file.bytes;
}

/**
 * The whole-application PDF for a reader who is not the applicant (a service link, a staff
 * member): the file once generated, else null after answering 202 with its status and Retry-After
 * (generated off the request path; the client asks again).
 */
export async function readyPdfOr202(ctx: Context, pdfs: Pick<ApplicationPdfService, 'status' | 'applicationPdfFor'>, accountId: string): Promise<ApplicationPdfFile | null> {
  const { status } = await pdfs.status(accountId);
  const file = status === 'COMPLETED' ? await pdfs.applicationPdfFor(accountId) : null;
  if (!file) {
    ctx.status = 202;
    ctx.set('Retry-After', '2');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status, message: applicationPdfMessages.preparing };
  }
  return file;
}

/** GET /api/pdf (status, url) and the download it points to. Mounted behind requireSession. */
export function applicantPdfRoutes(pdfs: ApplicationPdfService): Router {
  const router = new Router();

  router.get(apiPaths.pdf, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await pdfs.status(ctx.state.session!.accountId)) satisfies ApplicationPdfResponse;
  });

  router.get(paramPaths.applicationPdfFile, async (ctx) => {
    sendPdf(ctx, await pdfs.download(ctx.state.session!.accountId, ctx.params.id!));
  });

  return router;
}
