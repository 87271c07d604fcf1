import { useMutation } from '@tanstack/react-query';
import { apiPaths, type ApiCalls } from '../../../../../common/api';
import { apiClient } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/query-client';

type Call = ApiCalls['validations'];

export function postValidations(errors: Call['request']): Promise<Call['response']> {
  return apiClient.post<Call['response']>(apiPaths.validations, errors);
}

export function usePostValidations(config: MutationConfig<typeof postValidations> = {}) {
  return useMutation({ ...config, mutationFn: postValidations });
}
