import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { SERVICE_TOKEN_PARAM, tokenPaths, type ServiceApplicationResponse } from '../../../../../common/token-api';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { serviceTokenAtom } from '../../../state/session';

export function getServiceApplication(serviceToken: string): Promise<ServiceApplicationResponse> {
  return apiClient.get<ServiceApplicationResponse>(`${tokenPaths.serviceApplication}?${SERVICE_TOKEN_PARAM}=${encodeURIComponent(serviceToken)}`);
}

/** A wrong or expired link is the view's own message, not an error page. */
export function getServiceApplicationQueryOptions(serviceToken: string) {
  return queryOptions({
    queryKey: queryKeys.serviceApplication(serviceToken),
    queryFn: () => getServiceApplication(serviceToken),
    throwOnError: false,
  });
}

/** The application a service link opens (spec platform section 7, GET /service/tmp-pdf). */
export function useServiceApplication() {
  const serviceToken = useAtomValue(serviceTokenAtom);
  return useQuery({ ...getServiceApplicationQueryOptions(serviceToken ?? ''), enabled: Boolean(serviceToken) });
}
