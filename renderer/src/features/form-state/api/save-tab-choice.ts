import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type MessageResponse, type TabChoiceRequest, type TabChoices } from '../../../../../common/api';
import { apiClient } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export function saveTabChoice(choice: TabChoiceRequest): Promise<MessageResponse> {
  return apiClient.put<MessageResponse>(apiPaths.tabs, choice);
}

/** PUT /api/tabs; once stored, the cached choices follow without a refetch. */
export function useSaveTabChoice(config: MutationConfig<typeof saveTabChoice> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: saveTabChoice,
    onSuccess: (...args) => {
      const [, choice] = args;
      queryClient.setQueryData<TabChoices>(queryKeys.tabChoices(), (old) => ({ ...old, [choice.tab_id]: choice.chosen_tab }));
      return config.onSuccess?.(...args);
    },
  });
}
