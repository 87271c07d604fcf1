import { useMutation } from '@tanstack/react-query';
import { fillPath } from '../../../../../common/api';
import { staffParamPaths, type SensitiveAnswerRequest, type SensitiveAnswerResponse } from '../../../../../common/staff-api';
import { apiClient } from '../../../lib/api-client';

/** POST /api/staff/applications/:id/sensitive/:key (admins): the full value, written to the access log with the reason. */
export function revealSensitiveAnswer(id: string, key: string, reason: string): Promise<SensitiveAnswerResponse> {
  return apiClient.post<SensitiveAnswerResponse>(fillPath(staffParamPaths.sensitiveAnswer, { id, key }), { reason } satisfies SensitiveAnswerRequest);
}

/** One reveal per answer; the value lives in this mutation only, never in a cache that outlives the page. */
export function useRevealSensitiveAnswer(id: string, key: string) {
  return useMutation({ mutationFn: (reason: string) => revealSensitiveAnswer(id, key, reason) });
}
