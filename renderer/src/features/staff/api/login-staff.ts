import { useMutation } from '@tanstack/react-query';
import { type MessageResponse } from '../../../../../common/api';
import { staffPaths, type StaffLoginRequest } from '../../../../../common/staff-api';
import { apiClient } from '../../../lib/api-client';

export function loginStaff(body: StaffLoginRequest): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>(staffPaths.login, body);
}

export function useLoginStaff() {
  return useMutation({ mutationFn: loginStaff });
}
