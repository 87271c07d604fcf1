import { useMutation } from '@tanstack/react-query';
import { apiPaths, type ApiCalls } from '../../../../../common/api';
import { apiClient } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/query-client';

type Call = ApiCalls['login'];

export function login(body: Call['request']): Promise<Call['response']> {
  return apiClient.post<Call['response']>(apiPaths.login, body);
}

/** A new session means a new profile: its caller starts it (useStartSession), as a confirmed code's does. */
export function useLogin(config: MutationConfig<typeof login> = {}) {
  return useMutation({ ...config, mutationFn: login });
}
