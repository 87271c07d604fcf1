import { useQuery } from '@tanstack/react-query';
import { staffPaths, type StaffMeResponse } from '../../../../../common/staff-api';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getStaffMe(): Promise<StaffMeResponse> {
  return apiClient.get<StaffMeResponse>(staffPaths.me);
}

/** Who is logged in on the staff side; a 401 (no staff session) is the layout's cue to ask for a login. */
export function useStaffMe() {
  return useQuery({ queryKey: queryKeys.staffMe(), queryFn: getStaffMe, retry: false, throwOnError: false });
}
