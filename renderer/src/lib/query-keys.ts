import type { LookupCategory } from '../../../common/api';

/**
 * The one key factory: every query and every invalidation builds its key here, so no key is
 * typed twice (STYLE.md example 1).
 */
const root = ['gradapp'] as const;

export const queryKeys = {
  all: root,
  profile: () => [...root, 'profile'] as const,
  lookupSearch: (category: LookupCategory, text: string) => [...root, 'lookup', category, 'search', text] as const,
  lookupRecord: (category: LookupCategory, id: string) => [...root, 'lookup', category, 'record', id] as const,
  documentAnswers: () => [...root, 'document-answers'] as const,
  conversions: () => [...root, 'conversion'] as const,
  conversionStatus: (answerKey: string) => [...root, 'conversion', answerKey] as const,
  tabChoices: () => [...root, 'tabs'] as const,
  addAnotherCounts: () => [...root, 'add-another'] as const,
  serviceApplication: (serviceToken: string) => [...root, 'service-application', serviceToken] as const,
  prefill: (token: string) => [...root, 'prefill', token] as const,
  applicationPdf: () => [...root, 'application-pdf'] as const,
  staffMe: () => [...root, 'staff', 'me'] as const,
  staffInvitation: (id: string) => [...root, 'staff', 'invitation', id] as const,
  staffInboxes: () => [...root, 'staff', 'inbox'] as const,
  staffInbox: (query: string) => [...root, 'staff', 'inbox', query] as const,
  staffApplication: (id: string) => [...root, 'staff', 'application', id] as const,
  staffAccessLog: (query: string) => [...root, 'staff', 'access-log', query] as const,
  staffServiceLinks: () => [...root, 'staff', 'service-links'] as const,
  staffDeletionRequests: () => [...root, 'staff', 'deletion-requests'] as const,
  staffDataExpiry: () => [...root, 'staff', 'data-expiry'] as const,
  recommendations: () => [...root, 'recommendations'] as const,
  recommenderView: (token: string) => [...root, 'recommender', token] as const,
  recommenderLetterConversion: (token: string) => [...root, 'recommender-letter-file', token] as const,
  checklist: () => [...root, 'checklist'] as const,
};
