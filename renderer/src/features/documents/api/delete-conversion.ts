import { conversionPath, type MessageResponse } from '../../../../../common/api';
import { apiClient } from '../../../lib/api-client';

/** DELETE /api/pdf/document-answer/{key}: the conversion and the document it made. */
export function deleteConversion(answerKey: string): Promise<MessageResponse> {
  return apiClient.delete<MessageResponse>(conversionPath(answerKey));
}
