// The links that open one application without an account (service tokens, for staff and their
// systems) and the links that fill in answers (prefill tokens): spec platform sections 1, 2 and 7.
import { fillPath, paramPaths, type AddAnotherCounts, type Answers, type DocumentAnswers, type TabChoices } from './api';

/** Service and prefill tokens (spec platform sections 1, 2 and 7; DESIGN.md section 5). */
export const tokenPaths = {
  serviceApplication: '/service/tmp-pdf',
  /** The whole-application PDF for staff: the file once generated, else 202 with its status. */
  servicePdf: '/service/pdf',
  prefill: '/public/tmp',
  adminServiceTokens: '/admin/service-tokens',
  adminPrefillTokens: '/admin/prefill-tokens',
  /** A bounce (delivery status notification) an MTA pipes in: see common/mail-bounce-api.ts. */
  adminMailBounces: '/admin/mail/bounces',
} as const;

/** The query parameters that carry the tokens, on the entry URL and on the calls. */
export const SERVICE_TOKEN_PARAM = 'service_token';
export const PREFILL_TOKEN_PARAM = 'token';

/** GET /service/tmp-pdf?service_token=: one application, read-only. */
export interface ServiceApplicationResponse {
  answer: Answers;
  add_another: AddAnotherCounts;
  document_answer: DocumentAnswers;
  tabs: TabChoices;
}

/** GET /public/tmp?token=: a temporary public answer. */
export interface PrefillResponse {
  answer: Answers;
}

/** GET /service/document/{key}?service_token=: one converted document as a PDF. */
export function serviceDocumentPath(answerKey: string, serviceToken: string): string {
  return `${fillPath(paramPaths.serviceDocument, { key: answerKey })}?${SERVICE_TOKEN_PARAM}=${encodeURIComponent(serviceToken)}`;
}

/** POST /admin/service-tokens and /admin/prefill-tokens (Authorization: Bearer ADMIN_API_KEY). */
export interface ServiceTokenRequest {
  username: string;
  days?: number;
}
export interface PrefillTokenRequest {
  answers: Answers;
  days?: number;
}
export interface MintedTokenResponse {
  /** The link to hand out; the token inside it is shown once and stored only as a hash. */
  url: string;
  token: string;
  /** ISO time after which the link stops working. */
  expires_at: string;
}
