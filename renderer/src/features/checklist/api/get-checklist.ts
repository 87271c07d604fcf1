import { useQuery } from '@tanstack/react-query';
import { checklistPaths, type ChecklistResponse } from '../../../../../common/checklist-api';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/checklist: the submitted application's checklist (409 before submission). */
export function getChecklist(): Promise<ChecklistResponse> {
  return apiClient.get<ChecklistResponse>(checklistPaths.applicant);
}

export function useChecklist() {
  return useQuery({ queryKey: queryKeys.checklist(), queryFn: getChecklist, throwOnError: false, retry: false });
}
