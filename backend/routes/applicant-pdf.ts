import Router from '@koa/router';
import { apiPaths, paramPaths, type ApplicationPdfResponse } from '../../common/api';
import type { ApplicationPdfFile, ApplicationPdfService } from '../application-pdf/application-pdf-service';
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
