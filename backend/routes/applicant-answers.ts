import Router from '@koa/router';
import { apiPaths, type MessageResponse } from '../../common/api';
import { answerMessages, type AnswerService } from '../applicant/answer-service';

/** The answer calls: PUT /api/answer and POST /api/validations. Mounted behind requireSession. */
export function applicantAnswerRoutes(answers: AnswerService): Router {
  const router = new Router();

  router.put(apiPaths.answer, async (ctx) => {
    await answers.save(ctx.state.session!.accountId, ctx.request.jsonBody);
    ctx.body = { message: answerMessages.saved } satisfies MessageResponse;
  });

  router.post(apiPaths.validations, async (ctx) => {
    await answers.saveValidations(ctx.state.session!.accountId, ctx.request.jsonBody);
    ctx.body = { message: answerMessages.validationsSaved } satisfies MessageResponse;
  });

  return router;
}
