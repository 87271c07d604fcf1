import { useMutation } from '@tanstack/react-query';
import { apiPaths, type ApiCalls } from '../../../../../common/api';
import { apiClient } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/query-client';

type Call = ApiCalls['resendConfirm'];

export function resendConfirm(body: Call['request']): Promise<Call['response']> {
  return apiClient.post<Call['response']>(apiPaths.resendConfirm, body);
}

export function useResendConfirm(config: MutationConfig<typeof resendConfirm> = {}) {
  return useMutation({ ...config, mutationFn: resendConfirm });
}
