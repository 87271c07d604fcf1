import { useMutation } from '@tanstack/react-query';
import { conversionPath, type MessageResponse } from '../../../../../common/api';
import { apiClient } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/query-client';

/** DELETE /api/pdf/document-answer/{key}: the conversion and the document it made. */
export function deleteConversion(answerKey: string): Promise<MessageResponse> {
  return apiClient.delete<MessageResponse>(conversionPath(answerKey));
}

export function useDeleteConversion(config: MutationConfig<typeof deleteConversion> = {}) {
  return useMutation({ ...config, mutationFn: deleteConversion });
}
