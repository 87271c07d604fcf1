import { useMutation } from '@tanstack/react-query';
import { staffPaths, type MessageResponse, type StaffLoginRequest } from '../../../../../common/api';
import { apiClient } from '../../../lib/api-client';

export function loginStaff(body: StaffLoginRequest): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>(staffPaths.login, body);
}

export function useLoginStaff() {
  return useMutation({ mutationFn: loginStaff });
}
