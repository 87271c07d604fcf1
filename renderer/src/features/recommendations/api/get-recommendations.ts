import { useQuery } from '@tanstack/react-query';
import { recommendationPaths, type RecommendationListResponse } from '../../../../../common/recommendation-api';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/recommendations: the program's numbers, the waiver and the requests not revoked. */
export function getRecommendations(): Promise<RecommendationListResponse> {
  return apiClient.get<RecommendationListResponse>(recommendationPaths.applicantList);
}

export function useRecommendations() {
  return useQuery({ queryKey: queryKeys.recommendations(), queryFn: getRecommendations, throwOnError: false });
}
