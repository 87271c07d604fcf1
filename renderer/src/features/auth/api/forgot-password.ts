import { useMutation } from '@tanstack/react-query';
import { apiPaths, type ApiCalls } from '../../../../../common/api';
import { apiClient } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/query-client';

type Call = ApiCalls['forgotPassword'];

export function forgotPassword(body: Call['request']): Promise<Call['response']> {
  return apiClient.post<Call['response']>(apiPaths.forgotPassword, body);
}

export function useForgotPassword(config: MutationConfig<typeof forgotPassword> = {}) {
  return useMutation({ ...config, mutationFn: forgotPassword });
}
