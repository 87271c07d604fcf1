import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type ApiCalls } from '../../../../../common/api';
import { apiClient } from '../../../lib/api-client';
import { forgetPendingLogout } from '../../../lib/pending-logout';
import type { MutationConfig } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

type Call = ApiCalls['login'];

export function login(body: Call['request']): Promise<Call['response']> {
  return apiClient.post<Call['response']>(apiPaths.login, body);
}

/**
 * A new session means a new profile: whatever was cached belongs to whoever used the browser
 * before, so it is dropped and fetched again when a page asks for it.
 */
export function useLogin(config: MutationConfig<typeof login> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: login,
    onSuccess: async (...args) => {
      // The new session cookie replaced any old one a logout without a connection left waiting.
      forgetPendingLogout();
      await queryClient.resetQueries({ queryKey: queryKeys.all });
      await config.onSuccess?.(...args);
    },
  });
}
