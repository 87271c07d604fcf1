import { useMutation } from '@tanstack/react-query';
import { apiPaths, type ApiCalls } from '../../../../../common/api';
import { apiClient } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/query-client';

type Call = ApiCalls['lastPage'];

export function putLastPage(body: Call['request']): Promise<Call['response']> {
  return apiClient.put<Call['response']>(apiPaths.lastPage, body);
}

export function usePutLastPage(config: MutationConfig<typeof putLastPage> = {}) {
  return useMutation({ ...config, mutationFn: putLastPage });
}
