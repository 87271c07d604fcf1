import Router from '@koa/router';
import { apiPaths } from '../../common/api';
import type { LookupService } from './lookup-service';

/** GET /lookup/find: public (no session), so that visitors get suggestions too. */
export function lookupRoutes(lookups: LookupService): Router {
  const router = new Router();
  router.get(apiPaths.lookupFind, async (ctx) => {
    ctx.body = await lookups.find(ctx.query);
  });
  return router;
}
