import { useMutation } from '@tanstack/react-query';
import { apiPaths, type ApiCalls } from '../../../../../common/api';
import { WEB_STATUS_POST_RETRIES } from '../../../../../common/constants';
import { apiClient } from '../../../lib/api-client';
import { UnauthorizedError } from '../../../lib/api-errors';
import type { MutationConfig } from '../../../lib/query-client';

type Call = ApiCalls['webStatus'];

// The status moves with the submission (started, validating, submitted): the submit sequence posts it,
// and the profile's hook starts it on load. It lives with the answers so that they need no profile.
export function postWebStatus(body: Call['request']): Promise<Call['response']> {
  return apiClient.post<Call['response']>(apiPaths.webStatus, body);
}

// Retrying cannot bring a session back, and each 401 would send the applicant to /login again.
function shouldRetry(failures: number, error: Error): boolean {
  return !(error instanceof UnauthorizedError) && failures < WEB_STATUS_POST_RETRIES;
}

/** Spec platform section 7: the one call retried on failure, twice. */
export function usePostWebStatus(config: MutationConfig<typeof postWebStatus> = {}) {
  return useMutation({ retry: shouldRetry, ...config, mutationFn: postWebStatus });
}
