import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath, type MessageResponse } from '../../../../../common/api';
import { staffParamPaths } from '../../../../../common/staff-api';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/staff/service-links/:id (admins): the link stops working at once. */
export function revokeServiceLink(id: string): Promise<MessageResponse> {
  return apiClient.delete<MessageResponse>(fillPath(staffParamPaths.serviceLink, { id }));
}

/** Revokes, then reads the list again. */
export function useRevokeServiceLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeServiceLink, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.staffServiceLinks() }) });
}
