import { queryOptions, useQuery } from '@tanstack/react-query';
import { PREFILL_TOKEN_PARAM, tokenPaths, type PrefillResponse } from '../../../../../common/token-api';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getPrefill(token: string): Promise<PrefillResponse> {
  return apiClient.get<PrefillResponse>(`${tokenPaths.prefill}?${PREFILL_TOKEN_PARAM}=${encodeURIComponent(token)}`);
}

/** A bad link becomes a toast, never an error page. */
export function getPrefillQueryOptions(token: string) {
  return queryOptions({ queryKey: queryKeys.prefill(token), queryFn: () => getPrefill(token), throwOnError: false });
}

/** The temporary public answer of a prefill link (spec platform section 7, GET /public/tmp). */
export function usePrefill(token: string | null) {
  return useQuery({ ...getPrefillQueryOptions(token ?? ''), enabled: token !== null });
}
