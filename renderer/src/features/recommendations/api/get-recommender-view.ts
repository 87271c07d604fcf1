import { useQuery } from '@tanstack/react-query';
import { fillPath } from '../../../../../common/api';
import { recommendationPaths, type RecommenderView } from '../../../../../common/recommendation-api';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /public/recommendation/:token: what the recommender may see of the request. */
export function getRecommenderView(token: string): Promise<RecommenderView> {
  return apiClient.get<RecommenderView>(fillPath(recommendationPaths.recommender, { token }));
}

/** A refused link (unknown, expired, revoked, answered) stays refused: no retry, and its message is the page. */
export function useRecommenderView(token: string) {
  return useQuery({ queryKey: queryKeys.recommenderView(token), queryFn: () => getRecommenderView(token), retry: false, throwOnError: false, staleTime: Infinity });
}
