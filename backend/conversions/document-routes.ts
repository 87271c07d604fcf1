import Router from '@koa/router';
import { apiPaths, paramPaths, type ConversionStatusResponse, type DocumentAnswers, type MessageResponse } from '../../common/api';
import { conversionJobMessages } from './conversion-messages';
import type { ConversionService } from './conversion-service';

const CONVERSION_PATH = paramPaths.conversion;
const DOCUMENT_PATH = paramPaths.documentAnswer;

/** Documents and their conversion (spec platform section 7). Mounted behind requireSession. */
export function applicantDocumentRoutes(conversions: ConversionService): Router {
  const router = new Router();

  router.post(CONVERSION_PATH, async (ctx) => {
    ctx.status = 202;
    ctx.body = (await conversions.start(ctx.state.session!.accountId, ctx.params.key!, ctx.request.jsonBody)) satisfies ConversionStatusResponse;
  });

  router.get(CONVERSION_PATH, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await conversions.status(ctx.state.session!.accountId, ctx.params.key!)) satisfies ConversionStatusResponse;
  });

  // Deleting the conversion and deleting the document are one thing: the PDF is the document.
  for (const path of [CONVERSION_PATH, DOCUMENT_PATH]) {
    router.delete(path, async (ctx) => {
      await conversions.remove(ctx.state.session!.accountId, ctx.params.key!);
      ctx.body = { message: conversionJobMessages.deleted } satisfies MessageResponse;
    });
  }

  router.get(apiPaths.documentAnswers, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await conversions.documentAnswers(ctx.state.session!.accountId)) satisfies DocumentAnswers;
  });

  return router;
}
