import { useMutation } from '@tanstack/react-query';
import { apiPaths, type ApiCalls } from '../../../../../common/api';
import { apiClient } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/query-client';

type Call = ApiCalls['answer'];

export function saveAnswers(patch: Call['request']): Promise<Call['response']> {
  return apiClient.put<Call['response']>(apiPaths.answer, patch);
}

export function useSaveAnswersMutation(config: MutationConfig<typeof saveAnswers> = {}) {
  return useMutation({ ...config, mutationFn: saveAnswers });
}
