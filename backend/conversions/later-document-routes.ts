import Router from '@koa/router';
import type { ConversionStatusResponse } from '../../common/api';
import { checklistDocumentAnswerKey, checklistPaths } from '../../common/checklist-api';
import { requireLaterDocument } from '../applicant/later-documents';
import type { SubmissionStore } from '../applicant/submissions-store';
import type { ConversionService } from './conversion-service';

/**
 * Program documents the checklist asks for, sent after submission (issue 28 item 3). The upload
 * form comes from POST /api/presigned-url with `answer_key` 'checklist:<key>'; POST here starts
 * its conversion, GET reads its status. The frozen application (the submission, the answers) is
 * never written: the document is a conversion under its `checklist:<key>` answer key alone, which
 * the checklist reads once COMPLETED. 409 before submission, 404 for a document the program does
 * not ask for. Mounted behind requireSession.
 */
export function laterDocumentRoutes(store: { submissions: SubmissionStore }, conversions: Pick<ConversionService, 'startOutside' | 'statusOutside'>): Router {
  const router = new Router();
  const answerKeyOf = async (accountId: string, key: string) => checklistDocumentAnswerKey(await requireLaterDocument(store, accountId, key));

  router.post(checklistPaths.applicantDocument, async (ctx) => {
    const accountId = ctx.state.session!.accountId;
    const answerKey = await answerKeyOf(accountId, ctx.params.key!);
    ctx.status = 202;
    ctx.body = (await conversions.startOutside(accountId, answerKey, ctx.request.jsonBody)) satisfies ConversionStatusResponse;
  });

  router.get(checklistPaths.applicantDocument, async (ctx) => {
    const accountId = ctx.state.session!.accountId;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await conversions.statusOutside(accountId, await answerKeyOf(accountId, ctx.params.key!))) satisfies ConversionStatusResponse;
  });

  return router;
}
