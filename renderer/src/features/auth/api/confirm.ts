import { useMutation } from '@tanstack/react-query';
import { apiPaths, type ApiCalls } from '../../../../../common/api';
import { apiClient } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/query-client';

type Call = ApiCalls['confirm'];

export function confirmAccount(body: Call['request']): Promise<Call['response']> {
  return apiClient.post<Call['response']>(apiPaths.confirm, body);
}

export function useConfirmAccount(config: MutationConfig<typeof confirmAccount> = {}) {
  return useMutation({ ...config, mutationFn: confirmAccount });
}
