import type { QueryKey } from '@tanstack/react-query';
import { conversionPath, fillPath, type ConversionStatusResponse, type PresignedUpload, type StartConversionRequest } from '../../../../../common/api';
import { checklistDocumentAnswerKey, checklistPaths } from '../../../../../common/checklist-api';
import { recommendationPaths } from '../../../../../common/recommendation-api';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { conversionQueryOptions } from './get-conversion-status';
import { presign } from './presign';
import { uploadFile } from './upload-file';

/**
 * Where a document goes (issue 36 item 3): an answer's, a program document the checklist awaits
 * after submission, or a recommender's letter. Each is the same presigned upload and conversion,
 * through its own paths (common/api.ts, checklist-api.ts, recommendation-api.ts).
 */
export type UploadTarget = { kind: 'answer'; answerKey: string } | { kind: 'checklist'; documentKey: string } | { kind: 'letter'; token: string };

/** The conversion's path: POST starts it, GET says how it stands. */
function conversionPathOf(target: UploadTarget): string {
  if (target.kind === 'answer') return conversionPath(target.answerKey);
  if (target.kind === 'checklist') return fillPath(checklistPaths.applicantDocument, { key: target.documentKey });
  return fillPath(recommendationPaths.recommenderLetterFile, { token: target.token });
}

/** Where and how to upload: POST /api/presigned-url (under the answer key), or the letter's own. */
function presignFor(target: UploadTarget): Promise<PresignedUpload> {
  if (target.kind === 'answer') return presign(target.answerKey);
  if (target.kind === 'checklist') return presign(checklistDocumentAnswerKey(target.documentKey));
  return apiClient.post<PresignedUpload>(fillPath(recommendationPaths.recommenderLetterUpload, { token: target.token }));
}

/** The target's conversion, followed as every conversion is (polled while pending, passing failures tried again). */
export function uploadConversionQueryOptions(target: UploadTarget) {
  const queryKey: readonly unknown[] =
    target.kind === 'answer'
      ? queryKeys.conversionStatus(target.answerKey)
      : target.kind === 'checklist'
        ? queryKeys.conversionStatus(checklistDocumentAnswerKey(target.documentKey))
        : queryKeys.recommenderLetterConversion(target.token);
  const path = conversionPathOf(target);
  return conversionQueryOptions(queryKey, () => apiClient.get<ConversionStatusResponse>(path));
}

/**
 * What is read again once the document is received: the answers' documents, or the checklist;
 * a letter's page is told by its own callback.
 */
export function receivedInvalidates(target: UploadTarget): QueryKey[] {
  if (target.kind === 'answer') return [queryKeys.documentAnswers()];
  if (target.kind === 'checklist') return [queryKeys.checklist()];
  return [];
}

/**
 * The upload (spec platform section 7): presigned, sent to the store, then its conversion started
 * with the stored key (POST on the conversion's path answers 202 with its status). `alongside` runs with the presign (an answer's save).
 */
export async function sendDocument(target: UploadTarget, file: File, alongside?: () => Promise<unknown>): Promise<ConversionStatusResponse> {
  const [upload] = await Promise.all([presignFor(target), alongside?.()]);
  await uploadFile(upload, file, file.name);
  const body: StartConversionRequest = { file_key: upload.fields.key ?? '', file_name: file.name };
  return apiClient.post<ConversionStatusResponse>(conversionPathOf(target), body);
}
