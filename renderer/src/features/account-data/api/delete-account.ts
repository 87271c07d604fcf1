import { useMutation } from '@tanstack/react-query';
import { apiPaths, type ApiCalls } from '../../../../../common/api';
import { apiClient } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/query-client';

type Call = ApiCalls['deleteAccount'];

export function deleteAccount(request: Call['request']): Promise<Call['response']> {
  return apiClient.post<Call['response']>(apiPaths.deleteAccount, request);
}

export function useDeleteAccount(config: MutationConfig<typeof deleteAccount> = {}) {
  return useMutation({ ...config, mutationFn: deleteAccount });
}
