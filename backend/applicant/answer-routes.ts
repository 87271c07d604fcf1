import Router from '@koa/router';
import { ANSWER_BASE_HEADER } from '../../common/answer-base';
import { apiPaths, type AnswerSaveResponse, type MessageResponse } from '../../common/api';
import { answerMessages, parseBaseHeader, type AnswerService } from './answer-service';

/** The answer calls: PUT /api/answer and POST /api/validations. Mounted behind requireSession. */
export function applicantAnswerRoutes(answers: AnswerService): Router {
  const router = new Router();

  router.put(apiPaths.answer, async (ctx) => {
    const base = parseBaseHeader(ctx.get(ANSWER_BASE_HEADER) || undefined);
    const { newer } = await answers.save(ctx.state.session!.accountId, ctx.request.jsonBody, base);
    ctx.body = { message: answerMessages.saved, newer } satisfies AnswerSaveResponse;
  });

  router.post(apiPaths.validations, async (ctx) => {
    await answers.saveValidations(ctx.state.session!.accountId, ctx.request.jsonBody);
    ctx.body = { message: answerMessages.validationsSaved } satisfies MessageResponse;
  });

  return router;
}
