import type Router from '@koa/router';
import { createRateLimiter } from '../security/rate-limiter';
import type { RateLimitStore } from '../security/rate-limits-store';
import type { Clock } from '../platform/clock';
import type { Logger } from 'pino';
import type { UploadService } from '../applicant/upload-service';
import type { ConversionService } from '../conversions/conversion-service';
import type { ConversionStore } from '../conversions/conversions-store';
import type { ObjectStore } from '../storage';
import type { ApplicantFactsStore } from './applicant-facts';
import { createLetterArrival, type ChecklistChanged } from './letter-arrival';
import { recommendationRateLimits } from './recommendation-limits';
import { applicantRecommendationRoutes, recommenderRoutes } from './recommendation-routes';
import { createRecommendationService } from './recommendation-service';
import { createRecommenderService } from './recommender-service';
import type { RecommendationStore } from './recommendations-store';

export interface RecommendationsDeps {
  store: ApplicantFactsStore & { recommendations: RecommendationStore; rateLimits: RateLimitStore; conversions: Pick<ConversionStore, 'promote' | 'find'> };
  objects: Pick<ObjectStore, 'delete'>;
  clock: Clock;
  publicUrl: string;
  /** The applicant's and the staff's session cookies: a recommender's call carrying one is refused. */
  sessionCookieNames: readonly string[];
  onMailQueued?: () => void;
  logger: Logger;
  uploads: UploadService;
  conversions: ConversionService;
  /** The checklist's refresh, when a letter arrives (typed here, uploaded in the conversions' worker loop). */
  onChecklistChanged?: ChecklistChanged;
  /** Whether the applicant's file is complete (the checklist): a received uploaded letter may be replaced until then. */
  fileComplete: (accountId: string) => Promise<boolean>;
}

/** Letters of recommendation: the recommender's routes (public, token in the path) and the applicant's (behind the session guard). */
export function createRecommendations(deps: RecommendationsDeps): { recommenderRouter: Router; applicantRouter: Router } {
  const rateLimit = createRateLimiter(deps.store, recommendationRateLimits, deps.clock);
  const services = { store: deps.store, clock: deps.clock, rateLimit };
  const arrival = createLetterArrival(deps);
  const recommender = createRecommenderService({ ...services, uploads: deps.uploads, conversions: deps.conversions, arrival, fileComplete: deps.fileComplete, onMailQueued: deps.onMailQueued });
  return {
    recommenderRouter: recommenderRoutes(recommender, deps.sessionCookieNames),
    applicantRouter: applicantRecommendationRoutes(createRecommendationService({ ...services, publicUrl: deps.publicUrl, onMailQueued: deps.onMailQueued })),
  };
}
