import { useQuery } from '@tanstack/react-query';
import type { DataExpiryResponse } from '../../../../../common/applicant-data-api';
import { staffPaths } from '../../../../../common/staff-api';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/staff/data-expiry (admins): the drafts to be reminded or deleted and the submitted applications at the end of their retention. */
export function getDataExpiry(): Promise<DataExpiryResponse> {
  return apiClient.get<DataExpiryResponse>(staffPaths.dataExpiry);
}

export function useDataExpiry() {
  return useQuery({ queryKey: queryKeys.staffDataExpiry(), queryFn: getDataExpiry, throwOnError: false });
}
