import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fillPath, type MessageResponse } from '../../../../../common/api';
import type { DeletionRequestsResponse } from '../../../../../common/applicant-data-api';
import { staffParamPaths, staffPaths } from '../../../../../common/staff-api';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/staff/deletion-requests (admins): the submitted applicants waiting for their account's deletion, oldest first. */
export function getDeletionRequests(): Promise<DeletionRequestsResponse> {
  return apiClient.get<DeletionRequestsResponse>(staffPaths.deletionRequests);
}

export function useDeletionRequests() {
  return useQuery({ queryKey: queryKeys.staffDeletionRequests(), queryFn: getDeletionRequests, throwOnError: false });
}

/** POST .../:id/complete (admins): the account and everything it owns are deleted, in the access log. */
export function completeDeletion(id: string): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>(fillPath(staffParamPaths.completeDeletion, { id }));
}

/** Completes one, then reads the list (and the inbox, which loses the application) again. */
export function useCompleteDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeDeletion,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.staffDeletionRequests() });
      await queryClient.invalidateQueries({ queryKey: queryKeys.staffInboxes() });
    },
  });
}
