import Router from '@koa/router';
import { apiPaths, type SubmitResponse } from '../../common/api';
import type { SubmissionService } from './submission-service';

/** POST /api/submit. Mounted behind requireSession. */
export function applicantSubmissionRoutes(submissions: SubmissionService): Router {
  const router = new Router();
  router.post(apiPaths.submit, async (ctx) => {
    ctx.body = (await submissions.submit(ctx.state.session!.accountId)) satisfies SubmitResponse;
  });
  return router;
}
