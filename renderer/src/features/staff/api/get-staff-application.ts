import { useQuery } from '@tanstack/react-query';
import { fillPath } from '../../../../../common/api';
import { staffParamPaths, type StaffApplicationResponse } from '../../../../../common/staff-api';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getStaffApplication(id: string): Promise<StaffApplicationResponse> {
  return apiClient.get<StaffApplicationResponse>(fillPath(staffParamPaths.application, { id }));
}

export function useStaffApplication(id: string) {
  return useQuery({ queryKey: queryKeys.staffApplication(id), queryFn: () => getStaffApplication(id), throwOnError: false, staleTime: 0 });
}

/** Where the browser downloads the application PDF and a document (the staff cookie goes with it). */
export const applicationPdfUrl = (id: string) => fillPath(staffParamPaths.applicationPdf, { id });
export const applicationDocumentUrl = (id: string, key: string) => fillPath(staffParamPaths.applicationDocument, { id, key });
