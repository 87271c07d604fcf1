import type Router from '@koa/router';
import { createRateLimiter } from '../auth/rate-limiter';
import type { RateLimitStore } from '../auth/rate-limits-store';
import type { Clock } from '../platform/clock';
import type { ApplicantFactsStore } from './applicant-facts';
import { recommendationRateLimits } from './recommendation-limits';
import { applicantRecommendationRoutes, recommenderRoutes } from './recommendation-routes';
import { createRecommendationService } from './recommendation-service';
import { createRecommenderService } from './recommender-service';
import type { RecommendationStore } from './recommendations-store';

export interface RecommendationsDeps {
  store: ApplicantFactsStore & { recommendations: RecommendationStore; rateLimits: RateLimitStore };
  clock: Clock;
  publicUrl: string;
  /** The applicant's and the staff's session cookies: a recommender's call carrying one is refused. */
  sessionCookieNames: readonly string[];
  onMailQueued?: () => void;
}

/** Letters of recommendation: the recommender's routes (public, token in the path) and the applicant's (behind the session guard). */
export function createRecommendations(deps: RecommendationsDeps): { recommenderRouter: Router; applicantRouter: Router } {
  const rateLimit = createRateLimiter(deps.store, recommendationRateLimits, deps.clock);
  const services = { store: deps.store, clock: deps.clock, rateLimit };
  return {
    recommenderRouter: recommenderRoutes(createRecommenderService(services), deps.sessionCookieNames),
    applicantRouter: applicantRecommendationRoutes(createRecommendationService({ ...services, publicUrl: deps.publicUrl, onMailQueued: deps.onMailQueued })),
  };
}
