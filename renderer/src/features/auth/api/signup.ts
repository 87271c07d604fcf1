import { useMutation } from '@tanstack/react-query';
import { apiPaths, type ApiCalls } from '../../../../../common/api';
import { apiClient } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/query-client';

type Call = ApiCalls['signup'];

export function signup(body: Call['request']): Promise<Call['response']> {
  return apiClient.post<Call['response']>(apiPaths.signup, body);
}

export function useSignup(config: MutationConfig<typeof signup> = {}) {
  return useMutation({ ...config, mutationFn: signup });
}
