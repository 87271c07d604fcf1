import { randomUUID } from 'node:crypto';
import type { PresignedUpload } from '../../common/api';
import { UPLOAD_MAX_BYTES } from '../../common/constants';
import { isUploadKey } from '../../common/form/model';
import type { Clock } from '../clock';
import { badRequest } from '../http/errors';
import type { Store } from '../store';
import { refuseWhenSubmitted } from './submission-guard';
import type { UploadRow } from '../store/uploads';
import type { ObjectStore } from '../storage';

/** How long a presigned upload form is accepted. */
export const UPLOAD_FORM_TTL_SECONDS = 10 * 60;

export const uploadServiceMessages = {
  notAnUploadKey: 'answer_key must name a question of the application that takes a file upload.',
  submitted: 'Your application has been submitted, so its documents can no longer be changed.',
} as const;

/** An upload this applicant was issued and has written, with the object's size. */
export type FoundUpload = UploadRow & { size: number };

/**
 * POST /api/presigned-url, and the check the conversion request makes of its file_key. Object keys
 * are minted here, uploads/<account id>/<answer key>/<uuid>, and recorded, so a client can never
 * choose a key nor name one issued to someone else.
 */
export function createUploadService(store: Store, objects: ObjectStore, clock: Clock) {
  return {
    async presign(accountId: string, body: unknown): Promise<PresignedUpload> {
      const answerKey = (body as { answer_key?: unknown } | null)?.answer_key;
      if (!isUploadKey(answerKey)) throw badRequest(uploadServiceMessages.notAnUploadKey);
      await refuseWhenSubmitted(store, accountId, uploadServiceMessages.submitted);

      const fileKey = `uploads/${accountId}/${answerKey}/${randomUUID()}`;
      const now = clock();
      const upload = await objects.presignPost(fileKey, { maxBytes: UPLOAD_MAX_BYTES, expiresInSeconds: UPLOAD_FORM_TTL_SECONDS });
      await store.uploads.record({
        file_key: fileKey,
        account_id: accountId,
        answer_key: answerKey,
        created_at: now,
        expires_at: now + UPLOAD_FORM_TTL_SECONDS * 1000,
      });
      return upload;
    },

    /**
     * The upload only when this applicant was issued fileKey for answerKey and the object exists
     * within the policy's size range (1 byte to UPLOAD_MAX_BYTES); otherwise null. The range is
     * checked again because not every S3-compatible server enforces a policy (s3rver does not).
     */
    async findUpload(accountId: string, answerKey: string, fileKey: string): Promise<FoundUpload | null> {
      const row = await store.uploads.find(accountId, answerKey, fileKey);
      if (!row) return null;
      const object = await objects.exists(fileKey);
      if (!object || object.size < 1 || object.size > UPLOAD_MAX_BYTES) return null;
      return { ...row, size: object.size };
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
