import type { ConversionStatusResponse, PresignedUpload } from '../../common/api';
import { letterAnswerKey, letterReplacementKey } from '../../common/checklist-api';
import type { LetterReceipt, RecommenderView } from '../../common/recommendation-api';
import type { UploadService } from '../applicant/upload-service';
import type { ConversionService } from '../conversions/conversion-service';
import type { ConversionStore } from '../conversions/conversions-store';
import { letterSchema } from '../../common/recommendations/recommendation-rules';
import { parse } from '../auth/account-service';
import type { RateLimiter } from '../security/rate-limiter';
import { hashSecret } from '../security/secrets';
import { HttpError } from '../http/errors';
import type { Clock } from '../platform/clock';
import { applicantFacts, type ApplicantFactsStore } from './applicant-facts';
import { letterArrivedMail, type LetterArrival } from './letter-arrival';
import { recommendationCallMessages as messages } from './recommendation-messages';
import type { recommendationRateLimits } from './recommendation-limits';
import { RECOMMENDER_TOKEN_SCOPE } from './invitation-mail';
import type { RecommendationRequestsTable } from '../store/recommendation-schema';
import type { RecommendationStore } from './recommendations-store';

export interface RecommenderServiceDeps {
  store: ApplicantFactsStore & { recommendations: RecommendationStore; conversions: Pick<ConversionStore, 'find'> };
  clock: Clock;
  rateLimit: RateLimiter<keyof typeof recommendationRateLimits>;
  /** The letter as a document: the applicant's upload forms and conversions, under the request's own answer key. */
  uploads: Pick<UploadService, 'presignOutside'>;
  conversions: Pick<ConversionService, 'startOutside' | 'statusOutside'>;
  arrival: Pick<LetterArrival, 'checklistChanged'>;
  /** Whether the applicant's file is complete (the checklist): the end of replacing an uploaded letter. */
  fileComplete: (accountId: string) => Promise<boolean>;
  onMailQueued?: () => void;
}

/**
 * The recommender's side (issue 28 items 2 and 5): no account, the token in the path is the whole
 * authorization, and it reaches its own request only: the applicant's name and program, whether
 * they waived, and the letter. Nothing else of the application is read.
 */
export function createRecommenderService(deps: RecommenderServiceDeps) {
  const { store, clock } = deps;

  /**
   * The request the token opens while it still takes a letter. A link that opens nothing counts
   * against the caller's address (guessing); a known one, even expired, is given back.
   */
  async function openRequest(token: unknown, address: string, received: 'refuse' | 'allow' | 'replace' = 'refuse'): Promise<{ request: RecommendationRequestsTable; tokenHash: string }> {
    const forgive = await deps.rateLimit('recommenderToken', { address });
    const tokenHash = hashSecret(RECOMMENDER_TOKEN_SCOPE, typeof token === 'string' ? token : '');
    const found = typeof token === 'string' && token !== '' ? await store.recommendations.findByTokenHash(tokenHash) : undefined;
    if (!found) throw new HttpError(404, messages.linkUnknown);
    await forgive();
    const { request, link } = found;
    if (request.received_at !== null && received === 'refuse') throw new HttpError(409, messages.letterReceived);
    if (request.revoked_at !== null || link.superseded_at !== null) throw new HttpError(410, messages.linkRevoked);
    if (clock() >= link.expires_at) throw new HttpError(410, messages.linkExpired);
    if (request.received_at !== null && received === 'replace') await refuseReplacement(request);
    return { request, tokenHash };
  }

  /** A received letter is replaced only when it came as a file, and only until the applicant's file is complete (issue 33 item 6). */
  async function refuseReplacement(request: RecommendationRequestsTable): Promise<void> {
    if (request.letter_text !== null) throw new HttpError(409, messages.typedLetterFinal);
    if (await deps.fileComplete(request.account_id)) throw new HttpError(409, messages.fileComplete);
  }

  /** Where the link's upload goes: the letter's own key, or beside it while a received letter is replaced. */
  const fileKeyOf = (request: RecommendationRequestsTable) => (request.received_at === null ? letterAnswerKey(request.id) : letterReplacementKey(request.id));

  return {
    /** Also for a letter received as a file while it may be replaced: then it names the file; a typed one closes the link (409). */
    async view(token: unknown, address: string): Promise<RecommenderView> {
      const { request } = await openRequest(token, address, 'allow');
      if (request.received_at !== null && request.letter_text !== null) throw new HttpError(409, messages.letterReceived);
      if (request.received_at !== null) await refuseReplacement(request);
      const letter = request.received_at === null ? null : await store.conversions.find(request.account_id, letterAnswerKey(request.id));
      const facts = await applicantFacts(store, request.account_id);
      // A request exists only for a submitted application, which is never withdrawn: unknown otherwise.
      if (!facts) throw new HttpError(404, messages.linkUnknown);
      return {
        recommender_name: request.recommender_name,
        applicant_name: facts.name,
        program: facts.programLabel,
        waived: facts.waived,
        opened_at: request.opened_at === null ? null : new Date(request.opened_at).toISOString(),
        letter_file: letter && request.received_at !== null ? { file_name: letter.file_name, received_at: new Date(request.received_at).toISOString() } : null,
      };
    },

    async markOpened(token: unknown, address: string): Promise<void> {
      const { request } = await openRequest(token, address);
      await store.recommendations.markOpened(request.id, clock());
    },

    /** Keeps a typed letter; the answer is the recommender's confirmation. */
    async submitLetter(token: unknown, body: unknown, address: string): Promise<LetterReceipt> {
      const { request, tokenHash } = await openRequest(token, address);
      const { letter_text } = parse(letterSchema, body);
      const facts = await applicantFacts(store, request.account_id);
      if (!facts) throw new HttpError(404, messages.linkUnknown);
      const now = clock();
      // Checked again in the write: a revocation or a second letter between the two wins.
      if (!(await store.recommendations.receiveLetter(tokenHash, letter_text, now, letterArrivedMail(facts, request.recommender_name)))) {
        await openRequest(token, address);
        throw new HttpError(409, messages.letterReceived);
      }
      deps.onMailQueued?.();
      await deps.arrival.checklistChanged(request.account_id);
      return { received_at: new Date(now).toISOString() };
    },

    /**
     * A form to upload the letter as a document (issue 28 item 2), counted against the applicant's
     * outstanding forms like their own; the file is checked and converted as every upload.
     */
    async letterUpload(token: unknown, address: string): Promise<PresignedUpload> {
      const { request } = await openRequest(token, address, 'replace');
      await deps.rateLimit('letterFile', { account: `recommendation:${request.id}`, address });
      return deps.uploads.presignOutside(request.account_id, fileKeyOf(request));
    },

    /** Converts the uploaded letter; the request is received when the conversion completes (letter-arrival.ts), not now. */
    async startLetterFile(token: unknown, body: unknown, address: string): Promise<ConversionStatusResponse> {
      const { request } = await openRequest(token, address, 'replace');
      await deps.rateLimit('letterFile', { account: `recommendation:${request.id}`, address });
      return deps.conversions.startOutside(request.account_id, fileKeyOf(request), body);
    },

    /** How the uploaded letter's conversion stands, also once it made the letter received. */
    async letterFileStatus(token: unknown, address: string): Promise<ConversionStatusResponse> {
      const { request } = await openRequest(token, address, 'allow');
      // A replacement converting or refused is what the recommender follows; once it took the letter's place, the letter.
      const replacement = request.received_at === null ? null : await deps.conversions.statusOutside(request.account_id, letterReplacementKey(request.id));
      if (replacement && replacement.status !== 'NOT_ANSWERED') return replacement;
      return deps.conversions.statusOutside(request.account_id, letterAnswerKey(request.id));
    },
  };
}

export type RecommenderService = ReturnType<typeof createRecommenderService>;
