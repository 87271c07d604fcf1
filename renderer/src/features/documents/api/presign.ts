import { apiPaths, type PresignedUpload, type PresignedUrlRequest } from '../../../../../common/api';
import { apiClient } from '../../../lib/api-client';

/** POST /api/presigned-url: where and how to upload the document of one answer key. */
export function presign(answerKey: string): Promise<PresignedUpload> {
  return apiClient.post<PresignedUpload>(apiPaths.presignedUrl, { answer_key: answerKey } satisfies PresignedUrlRequest);
}
