import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffPaths, type StaffInvitationResponse } from '../../../../../common/staff-api';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getInvitation(id: string): Promise<StaffInvitationResponse> {
  return apiClient.post<StaffInvitationResponse>(staffPaths.invitation, { id });
}

/** What an invitation link enrols; an unusable link is the page's own message. */
export function useInvitation(id: string) {
  return useQuery(
    queryOptions({ queryKey: queryKeys.staffInvitation(id), queryFn: () => getInvitation(id), enabled: id !== '', retry: false, throwOnError: false, staleTime: Infinity }),
  );
}
