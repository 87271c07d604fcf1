// The checklist after submission (issue 28 items 1, 3 and 4): one list, built in one place
// (common/checklist/checklist-of.ts, `checklistOf`) from the submitted application, the program catalogue, what
// staff recorded, the letters and the documents sent after submission. The applicant's /completion,
// the staff view, the inbox's completeness filter, the exports and the receipt mail all read it.
import type { ApplicantRecommendation, RecommendationState } from './recommendation-api';

/** What an item is about. */
export const checklistKinds = ['application', 'fee', 'transcript', 'letter', 'document'] as const;
export type ChecklistKind = (typeof checklistKinds)[number];

/**
 * Where an item stands. `received` is done for every kind; `paid` and `waived` are the fee's done
 * states; `awaiting` is not done yet; a letter not received is `awaiting` (no recommender named
 * yet), `invited` or `opened`, or `refused` when the mail server refused the invitation for good.
 */
export type ChecklistState = 'received' | 'paid' | 'waived' | 'awaiting' | Exclude<RecommendationState, 'received'> | 'refused';

/** The states that finish an item. */
export const DONE_STATES: readonly ChecklistState[] = ['received', 'paid', 'waived'];

export interface ChecklistItem {
  /**
   * Stable within an application: `application`, `fee`, `transcript:<slot>` (the college's slot, 1
   * to 8), `letter:<request id>` for a named recommender or `letter:open:<n>` for a letter still
   * to be asked for, `document:<program document key>` (e.g. `document:resume`).
   */
  id: string;
  kind: ChecklistKind;
  /** What it is, in the applicant's words: 'Transcript from Towson University', 'Letter from Grace Hopper', 'Resume'. */
  label: string;
  state: ChecklistState;
  /** ISO time the item reached its state; null when nothing has happened yet. */
  since: string | null;
  /** What the applicant can do next, one sentence; null when nothing is asked of them. */
  next: string | null;
}

/** How far a submitted file is from complete: the inbox filters and sorts by it, the exports carry it. */
export interface ChecklistSummary {
  complete: boolean;
  fee_awaiting: boolean;
  transcripts_missing: number;
  letters_missing: number;
  documents_missing: number;
  /** Items not done, of every kind. */
  outstanding: number;
}

/** The inbox's completeness filter (`completeness` in InboxQuery). */
export const completenessFilters = ['complete', 'letters_missing', 'transcripts_missing', 'fee_awaiting', 'documents_missing'] as const;
export type CompletenessFilter = (typeof completenessFilters)[number];

/** GET /api/checklist (applicant, after submission) and the staff view's `checklist`. */
export interface ChecklistResponse {
  submitted_at: string;
  items: ChecklistItem[];
  summary: ChecklistSummary;
}

export const checklistPaths = {
  /** GET the applicant's checklist (409 before submission). */
  applicant: '/api/checklist',
  /** POST an upload's file key for a program document the checklist asks for, after submission (issue 28 item 3): `:key` is the program document key. */
  applicantDocument: '/api/checklist/documents/:key',
} as const;

/** The staff paths of the checklist (`:id` is the application's id in the inbox). */
export const staffChecklistPaths = {
  /** PUT { state: 'paid' | 'waived' | 'awaiting' } records the fee. */
  fee: '/api/staff/applications/:id/checklist/fee',
  /** PUT { state: 'received' | 'awaiting' } records the transcript of college `:slot`. */
  transcript: '/api/staff/applications/:id/checklist/transcripts/:slot',
  /** PUT { state: 'received' | 'awaiting' } records a program document that came another way (by post). */
  document: '/api/staff/applications/:id/checklist/documents/:key',
  /** DELETE revokes a recommender's link (staff side of issue 28 item 5). */
  recommendation: '/api/staff/applications/:id/recommendations/:request',
} as const;

export type FeeState = 'awaiting' | 'paid' | 'waived';
export type TranscriptState = 'awaiting' | 'received';

export interface FeeRecordRequest {
  state: FeeState;
}

export interface TranscriptRecordRequest {
  state: TranscriptState;
}

/**
 * The conversions' `answer_key` of a document that is not an answer of the frozen application, so
 * it runs through the same checks and conversion as every upload: a program document sent after
 * submission (`checklist:<program document key>`) and a recommender's uploaded letter
 * (`letter:<request id>`).
 */
export function checklistDocumentAnswerKey(documentKey: string): string {
  return `checklist:${documentKey}`;
}

export function letterAnswerKey(requestId: string): string {
  return `letter:${requestId}`;
}

/**
 * A replacement of a received uploaded letter while it converts (issue 33 item 6): kept apart so
 * the letter received stays whole until the new one is; it then takes `letter:<request id>`.
 */
export function letterReplacementKey(requestId: string): string {
  return `letter-new:${requestId}`;
}

/** Which file outside the answers a conversion key names (the inverse of the two above); null for any other key. */
export function fileOutsideTheAnswers(key: string): { kind: 'document'; documentKey: string } | { kind: 'letter'; requestId: string } | null {
  const match = /^(checklist|letter):([A-Za-z0-9_-]{1,100})$/.exec(key);
  if (!match) return null;
  return match[1] === 'checklist' ? { kind: 'document', documentKey: match[2]! } : { kind: 'letter', requestId: match[2]! };
}

/** A letter's title in the office's PDF and its file name when staff open it on its own. */
export const letterTitle = (name: string) => `Letter of recommendation from ${name}`;

/** The items staff record (the fee's states, or a transcript's and a program document's). */
export const feeStates: readonly FeeState[] = ['awaiting', 'paid', 'waived'];
export const receiptStates: readonly TranscriptState[] = ['awaiting', 'received'];

/**
 * A letter request as the staff view shows it (issue 28 item 4): its state and dates, and the typed
 * letter. `confidential` when the applicant waived the right to read it: staff read it, the
 * applicant never does.
 */
export type StaffRecommendation = Pick<ApplicantRecommendation, 'id' | 'name' | 'email' | 'relationship' | 'state' | 'invited_at' | 'opened_at' | 'received_at' | 'delivery_failure' | 'letter_text'> & {
  confidential: boolean;
};
