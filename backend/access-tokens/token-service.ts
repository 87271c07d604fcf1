import type {
  Answers,
  MintedTokenResponse,
  PrefillResponse,
  ServiceApplicationResponse,
} from '../../common/api';
import { PREFILL_TOKEN_PARAM, SERVICE_TOKEN_PARAM } from '../../common/api';
import { normalizeUsername } from '../../common/auth/card-schemas';
import { isUploadKey } from '../../common/form/model';
import { parseAnswerPatch, withChoiceLabels } from '../applicant/answer-service';
import { hashSecret, randomToken } from '../auth/secrets';
import type { Clock } from '../clock';
import { HttpError, badRequest } from '../http/errors';
import type { ObjectStore } from '../storage';
import type { Store } from '../store';
import { currentApplication } from '../applicant/application-record';
import { tokenMessages as messages } from './token-messages';

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
/** Who minted a token, kept beside its hash. */
export type TokenMinter = 'command' | 'admin-api';

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
    const parsed = parseAnswerPatch(body, messages.uploadNotPrefillable);
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
  store: Store;
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

  /** The live token's row (400, 401 or 403 otherwise). */
  async function serviceRow(serviceToken: unknown) {
    if (typeof serviceToken !== 'string' || !TOKEN_PATTERN.test(serviceToken)) throw new HttpError(400, messages.serviceMalformed);
    const row = await store.accessTokens.findServiceToken(hashSecret(SERVICE_SCOPE, serviceToken));
    if (!row) throw new HttpError(401, messages.serviceUnknown);
    if (row.expires_at <= clock()) throw new HttpError(403, messages.serviceExpired);
    return row;
  }

  async function accountOf(serviceToken: unknown): Promise<string> {
    return (await serviceRow(serviceToken)).account_id;
  }

  return {
    async mintServiceToken(body: unknown, createdBy: TokenMinter): Promise<MintedTokenResponse> {
      const { username, days } = (body ?? {}) as { username?: unknown; days?: unknown };
      if (typeof username !== 'string' || !username.includes('@')) throw badRequest(messages.badUsername, { username: [messages.badUsername] });
      const lifetime = parseDays('service', days);
      const account = await store.accounts.findByUsername(normalizeUsername(username));
      if (!account) throw new HttpError(404, messages.unknownApplicant);
      const token = randomToken();
      const now = clock();
      const expiresAt = now + lifetime * DAY_MS;
      await store.accessTokens.createServiceToken({
        token_hash: hashSecret(SERVICE_SCOPE, token),
        account_id: account.id,
        expires_at: expiresAt,
        created_by: createdBy,
        created_at: now,
      });
      return minted('/', SERVICE_TOKEN_PARAM, token, expiresAt);
    },

    async mintPrefillToken(body: unknown, createdBy: TokenMinter): Promise<MintedTokenResponse> {
      const { answers, days } = (body ?? {}) as { answers?: unknown; days?: unknown };
      const lifetime = parseDays('prefill', days);
      const checked = parsePrefillAnswers(answers);
      const token = randomToken();
      const now = clock();
      const expiresAt = now + lifetime * DAY_MS;
      await store.accessTokens.createPrefillToken({
        token_hash: hashSecret(PREFILL_SCOPE, token),
        answers: checked,
        expires_at: expiresAt,
        created_by: createdBy,
        created_at: now,
      });
      return minted('/about', PREFILL_TOKEN_PARAM, token, expiresAt);
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
