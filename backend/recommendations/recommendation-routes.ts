import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { ConversionStatusResponse, PresignedUpload } from '../../common/api';
import { recommendationPaths, type ApplicantRecommendation, type LetterReceipt, type RecommendationListResponse, type RecommenderView } from '../../common/recommendation-api';
import { clientAddress } from '../http/client-address';
import { HttpError } from '../http/errors';
import { recommendationCallMessages as messages } from './recommendation-messages';
import type { RecommendationService } from './recommendation-service';
import type { RecommenderService } from './recommender-service';

/** The applicant's calls (issue 28 item 2). Mounted behind requireSession. */
export function applicantRecommendationRoutes(recommendations: RecommendationService): Router {
  const router = new Router();
  const accountOf = (state: { session?: { accountId: string } }) => state.session!.accountId;
  router.get(recommendationPaths.applicantList, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await recommendations.list(accountOf(ctx.state))) satisfies RecommendationListResponse;
  });
  router.post(recommendationPaths.applicantList, async (ctx) => {
    ctx.status = 201;
    ctx.body = (await recommendations.name(accountOf(ctx.state), ctx.request.jsonBody, clientAddress(ctx))) satisfies ApplicantRecommendation;
  });
  router.put(recommendationPaths.applicantRequest, async (ctx) => {
    ctx.body = (await recommendations.replace(accountOf(ctx.state), ctx.params.id!, ctx.request.jsonBody, clientAddress(ctx))) satisfies ApplicantRecommendation;
  });
  router.delete(recommendationPaths.applicantRequest, async (ctx) => {
    await recommendations.revoke(accountOf(ctx.state), ctx.params.id!);
    ctx.status = 204;
  });
  router.post(recommendationPaths.applicantResend, async (ctx) => {
    ctx.body = (await recommendations.resend(accountOf(ctx.state), ctx.params.id!, clientAddress(ctx))) satisfies ApplicantRecommendation;
  });
  return router;
}

/**
 * A browser that carries an applicant's or a staff session is refused before the token is even
 * read (issue 28 item 5): an applicant cannot write their own letter in their own browser. The
 * names are the session cookies', given by the assembly.
 */
function refuseSessions(sessionCookieNames: readonly string[]): Middleware {
  return async (ctx, next) => {
    if (sessionCookieNames.some((name) => !!ctx.cookies.get(name))) throw new HttpError(403, messages.sessionPresent);
    await next();
  };
}

/** The recommender's calls (issue 28 items 2 and 5): no account; the token in the path authenticates. */
export function recommenderRoutes(recommender: RecommenderService, sessionCookieNames: readonly string[]): Router {
  const router = new Router();
  const guard = refuseSessions(sessionCookieNames);
  router.get(recommendationPaths.recommender, guard, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await recommender.view(ctx.params.token, clientAddress(ctx))) satisfies RecommenderView;
  });
  router.post(recommendationPaths.recommenderOpened, guard, async (ctx) => {
    await recommender.markOpened(ctx.params.token, clientAddress(ctx));
    ctx.status = 204;
  });
  router.post(recommendationPaths.recommenderLetter, guard, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 201;
    ctx.body = (await recommender.submitLetter(ctx.params.token, ctx.request.jsonBody, clientAddress(ctx))) satisfies LetterReceipt;
  });
  router.post(recommendationPaths.recommenderLetterUpload, guard, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await recommender.letterUpload(ctx.params.token, clientAddress(ctx))) satisfies PresignedUpload;
  });
  router.post(recommendationPaths.recommenderLetterFile, guard, async (ctx) => {
    ctx.status = 202;
    ctx.body = (await recommender.startLetterFile(ctx.params.token, ctx.request.jsonBody, clientAddress(ctx))) satisfies ConversionStatusResponse;
  });
  router.get(recommendationPaths.recommenderLetterFile, guard, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await recommender.letterFileStatus(ctx.params.token, clientAddress(ctx))) satisfies ConversionStatusResponse;
  });
  return router;
}
