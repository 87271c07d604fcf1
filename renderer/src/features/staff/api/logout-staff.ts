import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type MessageResponse } from '../../../../../common/api';
import { staffPaths } from '../../../../../common/staff-api';
import { apiClient } from '../../../lib/api-client';

export function logoutStaff(): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>(staffPaths.logout);
}

/** Ends the staff session and forgets everything read with it. */
export function useLogoutStaff() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logoutStaff, onSettled: () => queryClient.clear() });
}
