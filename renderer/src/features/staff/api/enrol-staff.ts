import { useMutation } from '@tanstack/react-query';
import { staffPaths, type StaffEnrolRequest, type StaffEnrolResponse } from '../../../../../common/staff-api';
import { apiClient } from '../../../lib/api-client';

export function enrolStaff(body: StaffEnrolRequest): Promise<StaffEnrolResponse> {
  return apiClient.post<StaffEnrolResponse>(staffPaths.enrol, body);
}

export function useEnrolStaff() {
  return useMutation({ mutationFn: enrolStaff });
}
