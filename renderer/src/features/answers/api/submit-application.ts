import { useMutation } from '@tanstack/react-query';
import { apiPaths, type ApiCalls } from '../../../../../common/api';
import { apiClient } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/query-client';

type Call = ApiCalls['submit'];

/** POST /api/submit: the server checks the stored answers again and, when complete, keeps them. */
export function submitApplication(): Promise<Call['response']> {
  return apiClient.post<Call['response']>(apiPaths.submit);
}

export function useSubmitApplicationMutation(config: MutationConfig<typeof submitApplication> = {}) {
  return useMutation({ ...config, mutationFn: submitApplication });
}
