import { randomUUID } from 'node:crypto';
import type { ApplicantRecommendation, RecommendationListResponse, RecommendationState } from '../../common/recommendation-api';
import { isOwnEmail, recommendationMessages, recommenderSchema } from '../../common/recommendations/recommendation-rules';
import { parse } from '../auth/account-service';
import type { RateLimiter } from '../security/rate-limiter';
import { badRequest, HttpError } from '../http/errors';
import type { Clock } from '../platform/clock';
import { applicantFacts, type ApplicantFacts, type ApplicantFactsStore } from './applicant-facts';
import { newInvitation } from './invitation-mail';
import { recommendationCallMessages as messages } from './recommendation-messages';
import type { recommendationRateLimits } from './recommendation-limits';
import type { Invitation, NewRecommendationRequest, RecommendationRequest, RecommendationStore } from './recommendations-store';
import { isoTime } from '../../common/iso-time';


export interface RecommendationServiceDeps {
  store: ApplicantFactsStore & { recommendations: RecommendationStore };
  clock: Clock;
  publicUrl: string;
  rateLimit: RateLimiter<keyof typeof recommendationRateLimits>;
  /** Told when an invitation is recorded in the outbox: the entry point pokes its mail sender. */
  onMailQueued?: () => void;
}

const requestOf = (accountId: string, to: { name: string; email: string; relationship: string }): NewRecommendationRequest => ({
  id: randomUUID(),
  account_id: accountId,
  recommender_name: to.name,
  recommender_email: to.email,
  relationship: to.relationship,
});


function stateOf(request: RecommendationRequest): RecommendationState {
  if (request.received_at !== null) return 'received';
  return request.opened_at !== null ? 'opened' : 'invited';
}

/**
 * A request as the applicant sees it: never the letter, typed or uploaded, waived or not; the
 * office reads letters (docs/decisions.md, "Letters: uploads, the office's PDF").
 */
function asApplicantSees(request: RecommendationRequest): ApplicantRecommendation {
  return {
    id: request.id,
    name: request.recommender_name,
    email: request.recommender_email,
    relationship: request.relationship,
    state: stateOf(request),
    invited_at: isoTime(request.created_at),
    last_sent_at: isoTime(request.last_sent_at),
    invitations_sent: request.invitations_sent,
    expires_at: isoTime(request.expires_at),
    opened_at: isoTime(request.opened_at),
    received_at: isoTime(request.received_at),
    delivery_failure: request.delivery_failure,
    letter_text: null,
  };
}

/** The applicant's side of the letters (issue 28 item 2): name, list, resend, replace, revoke. After submission only. */
export function createRecommendationService(deps: RecommendationServiceDeps) {
  const { store, clock } = deps;

  async function submitted(accountId: string): Promise<ApplicantFacts> {
    const facts = await applicantFacts(store, accountId);
    if (!facts) throw new HttpError(409, messages.notSubmitted);
    return facts;
  }

  const invitation = (to: { name: string; email: string }, facts: ApplicantFacts, now: number): Invitation => newInvitation(to, facts, { publicUrl: deps.publicUrl, now });

  /** The recommender named in the body: checked, and never the applicant's own address. */
  function recommenderOf(body: unknown, facts: ApplicantFacts) {
    const input = parse(recommenderSchema, body);
    if (isOwnEmail(input.email, facts.ownEmails)) throw badRequest(recommendationMessages.ownEmail, { email: [recommendationMessages.ownEmail] });
    return { name: input.name, email: input.email.toLowerCase(), relationship: input.relationship };
  }

  /** Every invitation counts against the applicant's daily limit; one that was not recorded is given back. */
  async function inviting<T>(accountId: string, address: string, record: () => Promise<T>): Promise<T> {
    const forgive = await deps.rateLimit('invitation', { account: accountId, address });
    try {
      const result = await record();
      deps.onMailQueued?.();
      return result;
    } catch (error) {
      await forgive();
      throw error;
    }
  }

  const unchangeable = async (accountId: string, id: string): Promise<never> => {
    const request = await store.recommendations.findFor(accountId, id);
    throw request ? new HttpError(409, messages.alreadyReceived) : new HttpError(404, messages.unknownRequest);
  };

  return {
    async list(accountId: string): Promise<RecommendationListResponse> {
      const facts = await submitted(accountId);
      const requests = await store.recommendations.listFor(accountId);
      return { letters: facts.letters, waived: facts.waived, recommendations: requests.map((request) => asApplicantSees(request)) };
    },

    async name(accountId: string, body: unknown, address: string): Promise<ApplicantRecommendation> {
      const facts = await submitted(accountId);
      if (facts.letters.accepted === 0) throw new HttpError(409, messages.noLetters);
      const to = recommenderOf(body, facts);
      return inviting(accountId, address, async () => {
        const now = clock();
        const link = invitation(to, facts, now);
        const created = await store.recommendations.create(requestOf(accountId, to), link, facts.letters.accepted, now);
        if (created === 'too-many') throw new HttpError(409, messages.tooMany(facts.letters.accepted));
        return asApplicantSees(created);
      });
    },

    /** A corrected address or another recommender: the old request is revoked (its link stops working) and a new one invited. */
    async replace(accountId: string, id: string, body: unknown, address: string): Promise<ApplicantRecommendation> {
      const facts = await submitted(accountId);
      const to = recommenderOf(body, facts);
      return inviting(accountId, address, async () => {
        const now = clock();
        const link = invitation(to, facts, now);
        const created = await store.recommendations.replace(id, requestOf(accountId, to), link, now);
        return created ? asApplicantSees(created) : unchangeable(accountId, id);
      });
    },

    /** Mails a new link, which works for the full number of days again; the earlier link stops working. */
    async resend(accountId: string, id: string, address: string): Promise<ApplicantRecommendation> {
      const facts = await submitted(accountId);
      const request = await store.recommendations.findFor(accountId, id);
      if (!request) throw new HttpError(404, messages.unknownRequest);
      if (request.received_at !== null) throw new HttpError(409, messages.alreadyReceived);
      return inviting(accountId, address, async () => {
        const now = clock();
        const link = invitation({ name: request.recommender_name, email: request.recommender_email }, facts, now);
        const updated = await store.recommendations.reinvite(accountId, id, link, now);
        return updated ? asApplicantSees(updated) : unchangeable(accountId, id);
      });
    },

    async revoke(accountId: string, id: string): Promise<void> {
      await submitted(accountId);
      if (!(await store.recommendations.revoke(accountId, id, clock()))) await unchangeable(accountId, id);
    },
  };
}

export type RecommendationService = ReturnType<typeof createRecommendationService>;
