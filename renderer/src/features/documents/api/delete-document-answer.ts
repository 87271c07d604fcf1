import { documentAnswerPath, type MessageResponse } from '../../../../../common/api';
import { apiClient } from '../../../lib/api-client';

/** DELETE /api/document-answer/{key}: the stored document of one answer. */
export function deleteDocumentAnswer(answerKey: string): Promise<MessageResponse> {
  return apiClient.delete<MessageResponse>(documentAnswerPath(answerKey));
}
