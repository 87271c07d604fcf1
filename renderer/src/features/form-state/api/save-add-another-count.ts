import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type AddAnotherCounts, type AddAnotherRequest, type MessageResponse } from '../../../../../common/api';
import { apiClient } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export function saveAddAnotherCount(count: AddAnotherRequest): Promise<MessageResponse> {
  return apiClient.put<MessageResponse>(apiPaths.addAnother, count);
}

/** PUT /api/add-another; once stored, the cached counts follow without a refetch. */
export function useSaveAddAnotherCount(config: MutationConfig<typeof saveAddAnotherCount> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: saveAddAnotherCount,
    onSuccess: (...args) => {
      const [, count] = args;
      queryClient.setQueryData<AddAnotherCounts>(queryKeys.addAnotherCounts(), (old) => ({ ...old, [count.button_id]: count.num_components }));
      return config.onSuccess?.(...args);
    },
  });
}
