import type { Answers } from '../../common/api';
import type { ServiceLinkEntry, ServiceLinksResponse } from '../../common/staff-api';
import type { MintedTokenResponse, PrefillResponse, ServiceApplicationResponse } from '../../common/token-api';
import { APPLICATION_ID, SERVICE_LINKS_LISTED } from '../../common/staff-api';
import { PREFILL_TOKEN_PARAM, SERVICE_TOKEN_PARAM } from '../../common/token-api';
import { normalizeUsername } from '../../common/auth/card-schemas';
import { isUploadKey } from '../../common/form/model';
import { parseAnswerPatch, withChoiceLabels } from '../applicant/answer-service';
import { hashSecret, randomToken } from '../security/secrets';
import type { Clock } from '../platform/clock';
import { HttpError, badRequest } from '../http/errors';
import type { ObjectStore } from '../storage';
import { type ApplicationRecordStore, currentApplication } from '../applicant/application-record';
import type { AccountStore } from '../auth/accounts-store';
import type { AccessTokenStore, ListedServiceToken } from './access-tokens-store';
import { tokenMessages as messages } from './token-messages';
import { isoTime } from '../../common/iso-time';

const DAY_MS = 24 * 60 * 60_000;
/** randomToken(): 32 bytes, base64url without padding. Anything else is refused before a lookup. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const SERVICE_SCOPE = 'service-token';
const PREFILL_SCOPE = 'prefill-token';

/** How long a link may live: a service link opens personal data, so it is kept short. */
export const tokenLifetimes = {
  service: { defaultDays: 7, maxDays: 30 },
  prefill: { defaultDays: 14, maxDays: 90 },
} as const;

export type TokenKind = keyof typeof tokenLifetimes;
/**
 * Who minted a token, kept beside its hash and named in the access log at every view: a staff
 * member's e-mail (the staff pages), or one of these.
 */
export const tokenMinters = {
  /** `npm run service-token` / `npm run prefill`: the operating-system account that ran it. */
  command: (operator: string) => `command:${operator}`,
  /** The admin endpoint: the label its key is given (ADMIN_API_KEY_LABEL). */
  apiKey: (label: string) => `admin API key "${label}"`,
} as const;


function listedLink(row: ListedServiceToken): ServiceLinkEntry {
  return {
    id: row.token_hash,
    application_id: row.account_id,
    applicant_email: row.applicant_email,
    created_by: row.created_by,
    created_at: isoTime(row.created_at),
    expires_at: isoTime(row.expires_at),
    revoked_at: isoTime(row.revoked_at),
    revoked_by: row.revoked_by,
  };
}

/** The days of a new token: absent means the default; otherwise a whole number within the limit. */
export function parseDays(kind: TokenKind, days: unknown): number {
  const { defaultDays, maxDays } = tokenLifetimes[kind];
  if (days === undefined || days === null) return defaultDays;
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > maxDays) {
    throw badRequest(messages.badDays(maxDays), { days: [messages.badDays(maxDays)] });
  }
  return days;
}

/** A prefill: the answer model's rules of PUT /api/answer, no documents, empty values dropped. */
export function parsePrefillAnswers(body: unknown): Answers {
  let patch: Answers;
  try {
    const parsed = parseAnswerPatch(body, { documentRefusal: messages.uploadNotPrefillable, sensitiveRefusal: messages.sensitiveNotPrefillable });
    patch = withChoiceLabels(parsed, parsed);
  } catch (error) {
    if (error instanceof HttpError && error.errors) throw badRequest(messages.refusedAnswers, error.errors);
    throw error;
  }
  const answers = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== null));
  if (Object.keys(answers).length === 0) throw badRequest(messages.noAnswers);
  return answers;
}

function safeFileName(name: string): string {
  const base = name.replace(/\.[^.]*$/, '') || 'document';
  return `${base}.pdf`;
}

export interface AccessTokenServiceDeps {
  store: ApplicationRecordStore & { accessTokens: AccessTokenStore; accounts: AccountStore };
  objects: ObjectStore;
  clock: Clock;
  publicUrl: string;
}

/**
 * Service tokens (a staff member's read-only view of one application) and prefill tokens (a
 * temporary public answer): random, expiring, stored only as a hash (DESIGN.md section 5).
 */
export function createAccessTokenService({ store, objects, clock, publicUrl }: AccessTokenServiceDeps) {
  function minted(path: string, param: string, token: string, expiresAt: number): MintedTokenResponse {
    return { url: `${publicUrl}${path}?${param}=${token}`, token, expires_at: new Date(expiresAt).toISOString() };
  }

  /** The live token's row (400, 401 or 403 otherwise: revoked or expired). */
  async function serviceRow(serviceToken: unknown) {
    if (typeof serviceToken !== 'string' || !TOKEN_PATTERN.test(serviceToken)) throw new HttpError(400, messages.serviceMalformed);
    const row = await store.accessTokens.findServiceToken(hashSecret(SERVICE_SCOPE, serviceToken));
    if (!row) throw new HttpError(401, messages.serviceUnknown);
    if (row.revoked_at !== null) throw new HttpError(403, messages.serviceRevoked);
    if (row.expires_at <= clock()) throw new HttpError(403, messages.serviceExpired);
    return row;
  }

  /** A new random token of the kind and the columns every token row has (its days checked first). */
  function freshToken(kind: TokenKind, days: unknown, createdBy: string) {
    const lifetime = parseDays(kind, days);
    const token = randomToken();
    const now = clock();
    const scope = kind === 'service' ? SERVICE_SCOPE : PREFILL_SCOPE;
    return { token, row: { token_hash: hashSecret(scope, token), expires_at: now + lifetime * DAY_MS, created_by: createdBy, created_at: now } };
  }

  async function mintServiceTokenFor(accountId: string, days: unknown, createdBy: string): Promise<MintedTokenResponse> {
    const { token, row } = freshToken('service', days, createdBy);
    await store.accessTokens.createServiceToken({ ...row, account_id: accountId });
    return minted('/', SERVICE_TOKEN_PARAM, token, row.expires_at);
  }

  async function accountOf(serviceToken: unknown): Promise<string> {
    return (await serviceRow(serviceToken)).account_id;
  }

  return {
    /** By the applicant's e-mail (the command and the admin endpoint). */
    async mintServiceToken(body: unknown, createdBy: string): Promise<MintedTokenResponse> {
      const { username, days } = (body ?? {}) as { username?: unknown; days?: unknown };
      if (typeof username !== 'string' || !username.includes('@')) throw badRequest(messages.badUsername, { username: [messages.badUsername] });
      parseDays('service', days);
      const account = await store.accounts.findByUsername(normalizeUsername(username));
      if (!account) throw new HttpError(404, messages.unknownApplicant);
      return mintServiceTokenFor(account.id, days, createdBy);
    },

    /** By the application's id, as the inbox shows it (the staff pages); `createdBy` is the staff member's e-mail. */
    async mintServiceLink(body: unknown, createdBy: string): Promise<MintedTokenResponse> {
      const { application_id: applicationId, days } = (body ?? {}) as { application_id?: unknown; days?: unknown };
      if (typeof applicationId !== 'string' || !APPLICATION_ID.test(applicationId)) {
        throw badRequest(messages.badApplicationId, { application_id: [messages.badApplicationId] });
      }
      parseDays('service', days);
      if (!(await store.accounts.findById(applicationId))) throw new HttpError(404, messages.unknownApplication);
      return mintServiceTokenFor(applicationId, days, createdBy);
    },

    /** The links not yet expired, revoked ones included, newest first. */
    async listServiceLinks(): Promise<ServiceLinksResponse> {
      return { links: (await store.accessTokens.listServiceTokens(clock(), SERVICE_LINKS_LISTED)).map(listedLink) };
    },

    /** Revokes a link at once (404 if no live link has that id); revoking again changes nothing. */
    async revokeServiceLink(id: string, revokedBy: string): Promise<{ accountId: string; tokenHash: string }> {
      const row = TOKEN_PATTERN.test(id) ? await store.accessTokens.revokeServiceToken(id, revokedBy, clock()) : undefined;
      if (!row) throw new HttpError(404, messages.noSuchLink);
      return { accountId: row.account_id, tokenHash: row.token_hash };
    },

    async mintPrefillToken(body: unknown, createdBy: string): Promise<MintedTokenResponse> {
      const { answers, days } = (body ?? {}) as { answers?: unknown; days?: unknown };
      const { token, row } = freshToken('prefill', days, createdBy);
      await store.accessTokens.createPrefillToken({ ...row, answers: parsePrefillAnswers(answers) });
      return minted('/about', PREFILL_TOKEN_PARAM, token, row.expires_at);
    },

    /** The account a valid, unexpired service token opens (400, 401 or 403 otherwise). */
    serviceAccount: (serviceToken: unknown): Promise<string> => accountOf(serviceToken),

    /** Which token it is, for the access log: its stored hash and who minted it (400, 401 or 403 as above). */
    async serviceCaller(serviceToken: unknown): Promise<{ accountId: string; tokenHash: string; createdBy: string }> {
      const row = await serviceRow(serviceToken);
      return { accountId: row.account_id, tokenHash: row.token_hash, createdBy: row.created_by };
    },

    /** GET /service/tmp-pdf: everything the print view draws, and nothing is changed. */
    async serviceApplication(serviceToken: unknown): Promise<ServiceApplicationResponse> {
      const accountId = await accountOf(serviceToken);
      const { answers, addAnother, documents, tabs } = await currentApplication(store, accountId);
      const documentAnswer = Object.fromEntries(
        Object.entries(documents).map(([key, document]) => [key, { file_name: document.file_name, file_size: document.file_size }]),
      );
      return { answer: answers, add_another: addAnother, document_answer: documentAnswer, tabs };
    },

    /** GET /service/document/{key}: the converted PDF of one upload question. */
    async serviceDocument(serviceToken: unknown, answerKey: string): Promise<{ bytes: Buffer; fileName: string }> {
      const accountId = await accountOf(serviceToken);
      if (!isUploadKey(answerKey)) throw new HttpError(404, messages.noDocument);
      const document = (await currentApplication(store, accountId)).documents[answerKey];
      const bytes = document ? await objects.get(document.pdf_key) : null;
      if (!document || !bytes) throw new HttpError(404, messages.noDocument);
      return { bytes, fileName: safeFileName(document.file_name) };
    },

    /** GET /public/tmp: the answers a prefill link fills in. */
    async prefill(token: unknown): Promise<PrefillResponse> {
      if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) throw new HttpError(400, messages.prefillMalformed);
      const row = await store.accessTokens.findPrefillToken(hashSecret(PREFILL_SCOPE, token));
      if (!row) throw new HttpError(404, messages.prefillUnknown);
      if (row.expires_at <= clock()) throw new HttpError(410, messages.prefillExpired);
      return { answer: row.answers };
    },
  };
}

export type AccessTokenService = ReturnType<typeof createAccessTokenService>;
