import { fillPath, type ConversionStatusResponse, type StartConversionRequest } from '../../../../../common/api';
import { checklistDocumentAnswerKey, checklistPaths } from '../../../../../common/checklist-api';
import { apiClient } from '../../../lib/api-client';
import { conversionQueryOptions, presign, uploadFile } from '../../documents';
import { queryKeys } from '../../../lib/query-keys';

/**
 * A program document sent after submission (issue 28 item 3): the same presigned upload as every
 * document, under the conversion key `checklist:<key>`, then POST /api/checklist/documents/:key
 * with the upload's key, which starts its conversion (202 with its status); the frozen
 * application is not touched.
 */
export async function sendChecklistDocument(documentKey: string, file: File): Promise<ConversionStatusResponse> {
  const upload = await presign(checklistDocumentAnswerKey(documentKey));
  await uploadFile(upload, file, file.name);
  const body: StartConversionRequest = { file_key: upload.fields.key ?? '', file_name: file.name };
  return apiClient.post<ConversionStatusResponse>(fillPath(checklistPaths.applicantDocument, { key: documentKey }), body);
}

/** GET /api/checklist/documents/:key: the conversion's status of the document sent after submission. */
export function getChecklistDocumentStatus(documentKey: string): Promise<ConversionStatusResponse> {
  return apiClient.get<ConversionStatusResponse>(fillPath(checklistPaths.applicantDocument, { key: documentKey }));
}

/** Polled as every conversion is (the documents feature's options: while pending, passing failures tried again), under its own key. */
export function getChecklistDocumentStatusQueryOptions(documentKey: string) {
  return conversionQueryOptions(queryKeys.conversionStatus(checklistDocumentAnswerKey(documentKey)), () => getChecklistDocumentStatus(documentKey));
}
