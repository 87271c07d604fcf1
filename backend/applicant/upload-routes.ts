import Router from '@koa/router';
import { apiPaths, type PresignedUpload } from '../../common/api';
import type { UploadService } from './upload-service';
import { LOCAL_UPLOAD_PATH, type LocalObjectStore } from '../storage';
import { RefusedPost } from '../storage/multipart-post';

/** POST /api/presigned-url: a signed form for one upload. Mounted behind requireSession. */
export function presignedUrlRoutes(uploads: UploadService): Router {
  const router = new Router();
  router.post(apiPaths.presignedUrl, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await uploads.presign(ctx.state.session!.accountId, ctx.request.jsonBody)) satisfies PresignedUpload;
  });
  return router;
}

/**
 * The local store's stand-in for an S3 bucket's POST: multipart, no session (the signed policy is
 * the authorization; its applicant must not have submitted), mounted before the JSON body parser.
 * Answers 204 like S3; the renderer posts in no-cors mode and cannot read the answer anyway.
 */
export function localUploadRoutes(objects: LocalObjectStore, uploads: UploadService): Router {
  const router = new Router();
  router.post(LOCAL_UPLOAD_PATH, async (ctx) => {
    try {
      await objects.receivePost(ctx.req, (key) => uploads.admitPost(key));
    } catch (error) {
      if (error instanceof RefusedPost) await uploads.releaseRefused(error.formKey);
      // Whatever of the body was not read is not read now: close the connection after answering.
      if (!ctx.req.complete) ctx.set('Connection', 'close');
      throw error;
    }
    ctx.status = 204;
  });
  return router;
}
