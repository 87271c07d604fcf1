import Router from '@koa/router';
import { apiPaths, type MessageResponse } from '../../common/api';
import { formStateMessages, type FormStateService } from './form-state-service';

/** Tabs and add-another counts. Mounted behind requireSession. */
export function applicantFormStateRoutes(formState: FormStateService): Router {
  const router = new Router();

  router.get(apiPaths.tabs, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await formState.tabs(ctx.state.session!.accountId);
  });

  router.put(apiPaths.tabs, async (ctx) => {
    await formState.chooseTab(ctx.state.session!.accountId, ctx.request.jsonBody);
    ctx.body = { message: formStateMessages.tabSaved } satisfies MessageResponse;
  });

  router.get(apiPaths.addAnother, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await formState.addAnotherCounts(ctx.state.session!.accountId);
  });

  router.put(apiPaths.addAnother, async (ctx) => {
    await formState.setAddAnotherCount(ctx.state.session!.accountId, ctx.request.jsonBody);
    ctx.body = { message: formStateMessages.countSaved } satisfies MessageResponse;
  });

  return router;
}
