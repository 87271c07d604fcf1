import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { staffPaths, type AccessLogResponse } from '../../../../../common/staff-api';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `query` is the page's own search string (AccessLogQuery parameters). */
export function getAccessLog(query: string): Promise<AccessLogResponse> {
  return apiClient.get<AccessLogResponse>(`${staffPaths.accessLog}${query ? `?${query}` : ''}`);
}

export function useAccessLog(query: string) {
  return useQuery({ queryKey: queryKeys.staffAccessLog(query), queryFn: () => getAccessLog(query), placeholderData: keepPreviousData, throwOnError: false });
}
