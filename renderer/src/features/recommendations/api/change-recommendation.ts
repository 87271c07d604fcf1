import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '../../../../../common/api';
import { recommendationPaths, type ApplicantRecommendation, type RecommenderInput } from '../../../../../common/recommendation-api';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/recommendations: names a recommender, who is mailed a link. */
export function nameRecommender(input: RecommenderInput): Promise<ApplicantRecommendation> {
  return apiClient.post<ApplicantRecommendation>(recommendationPaths.applicantList, input);
}

/** PUT /api/recommendations/:id: corrects the address or replaces the recommender; the old link stops working. */
export function replaceRecommender({ id, input }: { id: string; input: RecommenderInput }): Promise<ApplicantRecommendation> {
  return apiClient.put<ApplicantRecommendation>(fillPath(recommendationPaths.applicantRequest, { id }), input);
}

/** POST /api/recommendations/:id/resend: a new link mailed; the earlier one stops working. */
export function resendRecommendation(id: string): Promise<ApplicantRecommendation> {
  return apiClient.post<ApplicantRecommendation>(fillPath(recommendationPaths.applicantResend, { id }));
}

/** DELETE /api/recommendations/:id: the link stops working (204). */
export function revokeRecommendation(id: string): Promise<void> {
  return apiClient.delete<void>(fillPath(recommendationPaths.applicantRequest, { id }));
}

/** Every change reads the list again, and the checklist whose letter items they are, whether it succeeded or not. */
function useChange<T, R>(mutationFn: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.recommendations() }), queryClient.invalidateQueries({ queryKey: queryKeys.checklist() })]),
  });
}

export const useNameRecommender = () => useChange(nameRecommender);
export const useReplaceRecommender = () => useChange(replaceRecommender);
export const useResendRecommendation = () => useChange(resendRecommendation);
export const useRevokeRecommendation = () => useChange(revokeRecommendation);
