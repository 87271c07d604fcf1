import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '../../../../../common/api';
import { staffChecklistPaths, type ChecklistItem, type FeeState, type TranscriptState } from '../../../../../common/checklist-api';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Where staff record an item (issue 28 item 4): the fee, a transcript by its college's slot
 * (`transcript:<slot>`), a program document by its key (`document:<key>`); null for the items
 * staff do not record (the application, a letter).
 */
export function recordPathOf(applicationId: string, item: Pick<ChecklistItem, 'id' | 'kind'>): string | null {
  const key = item.id.slice(item.id.indexOf(':') + 1);
  if (item.kind === 'fee') return fillPath(staffChecklistPaths.fee, { id: applicationId });
  if (item.kind === 'transcript') return fillPath(staffChecklistPaths.transcript, { id: applicationId, slot: key });
  if (item.kind === 'document') return fillPath(staffChecklistPaths.document, { id: applicationId, key });
  return null;
}

/** PUT the item's state; the server writes the record in the access log. */
export function recordChecklist({ path, state }: { path: string; state: FeeState | TranscriptState }): Promise<unknown> {
  return apiClient.put<unknown>(path, { state });
}

/** DELETE a recommender's link, which stops working (staff side of issue 28 item 5). */
export function revokeRecommendationLink({ id, request }: { id: string; request: string }): Promise<unknown> {
  return apiClient.delete<unknown>(fillPath(staffChecklistPaths.recommendation, { id, request }));
}

/** Every change reads the application (its checklist and letters) and the inbox's pages again. */
function useStaffChange<T>(mutationFn: (variables: T) => Promise<unknown>, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.staffApplication(id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.staffInboxes() }),
      ]);
    },
  });
}

export const useRecordChecklist = (id: string) => useStaffChange(recordChecklist, id);
export const useRevokeRecommendationLink = (id: string) => useStaffChange(revokeRecommendationLink, id);
