import { useQuery } from '@tanstack/react-query';
import { staffPaths, type ServiceLinksResponse } from '../../../../../common/staff-api';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/staff/service-links (admins): the links not yet expired, newest first. */
export function getServiceLinks(): Promise<ServiceLinksResponse> {
  return apiClient.get<ServiceLinksResponse>(staffPaths.serviceLinks);
}

export function useServiceLinks() {
  return useQuery({ queryKey: queryKeys.staffServiceLinks(), queryFn: getServiceLinks, throwOnError: false });
}
