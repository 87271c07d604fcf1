import { useMutation } from '@tanstack/react-query';
import { documentAnswerPath, type MessageResponse } from '../../../../../common/api';
import { apiClient } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/query-client';

/** DELETE /api/document-answer/{key}: the stored document of one answer. */
export function deleteDocumentAnswer(answerKey: string): Promise<MessageResponse> {
  return apiClient.delete<MessageResponse>(documentAnswerPath(answerKey));
}

export function useDeleteDocumentAnswer(config: MutationConfig<typeof deleteDocumentAnswer> = {}) {
  return useMutation({ ...config, mutationFn: deleteDocumentAnswer });
}
