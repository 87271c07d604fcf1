import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { staffPaths, type InboxResponse } from '../../../../../common/staff-api';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `query` is the page's own search string (InboxQuery parameters), passed on as it is. */
export function getInbox(query: string): Promise<InboxResponse> {
  return apiClient.get<InboxResponse>(`${staffPaths.applications}${query ? `?${query}` : ''}`);
}

/** One page of the inbox; the previous page stays on screen while the next one loads. */
export function useInbox(query: string) {
  return useQuery({ queryKey: queryKeys.staffInbox(query), queryFn: () => getInbox(query), placeholderData: keepPreviousData, throwOnError: false });
}
