import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type ApiCalls } from '../../../../../common/api';
import { apiClient } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/query-client';

type Call = ApiCalls['logout'];

export function logout(): Promise<Call['response']> {
  return apiClient.get<Call['response']>(apiPaths.logout);
}

/** Nothing cached may outlive the session it was fetched for (spec platform section 4). */
export function useLogout(config: MutationConfig<typeof logout> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: logout,
    onSuccess: async (...args) => {
      queryClient.clear();
      await config.onSuccess?.(...args);
    },
  });
}
