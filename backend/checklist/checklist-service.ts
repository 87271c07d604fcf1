import { isDeepStrictEqual } from 'node:util';
import { checklistOf, collegeSlots, namedColleges, programDocuments, FEE_ITEM_ID, transcriptItemId, documentItemId, type ChecklistFacts } from '../../common/checklist/checklist-of';
import { feeStates, fileOutsideTheAnswers, letterTitle, receiptStates, type ChecklistResponse, type StaffRecommendation } from '../../common/checklist-api';
import { checklistMessages as messages } from '../../common/checklist/checklist-messages';
import type { StaffFile } from '../../common/staff-api';
import type { SubmissionStore } from '../applicant/submissions-store';
import type { AccountStore } from '../auth/accounts-store';
import type { ConversionStore } from '../conversions/conversions-store';
import { badRequest, HttpError } from '../http/errors';
import type { Clock } from '../platform/clock';
import { applicantFacts } from '../recommendations/applicant-facts';
import type { RecommendationRequest, RecommendationStore } from '../recommendations/recommendations-store';
import type { ChecklistStore } from './checklist-store';
import { receiptMail } from './receipt-mail';
import { isoTime } from '../../common/iso-time';

export interface ChecklistServiceDeps {
  store: { submissions: SubmissionStore; accounts: AccountStore; recommendations: RecommendationStore; checklist: ChecklistStore; conversions: Pick<ConversionStore, 'find'> };
  clock: Clock;
  /** Told when the receipt is recorded in the outbox: the entry point pokes its mail sender. */
  onMailQueued?: () => void;
}

/** Who records an item: the staff guard's caller. */
export interface Recorder {
  staffId: string;
  email: string;
}

/** How many times a refresh writes again while facts keep changing under it; the next fact's refresh goes on. */
const SETTLE_ROUNDS = 3;

/** Summaries made per inbox listing for files that have none: about half a second. */
export const MISSING_BATCH = 50;


function staffSees(request: RecommendationRequest, waived: boolean): StaffRecommendation {
  return {
    id: request.id,
    name: request.recommender_name,
    email: request.recommender_email,
    relationship: request.relationship,
    state: request.received_at !== null ? 'received' : request.opened_at !== null ? 'opened' : 'invited',
    invited_at: isoTime(request.created_at),
    opened_at: isoTime(request.opened_at),
    received_at: isoTime(request.received_at),
    delivery_failure: request.delivery_failure,
    letter_text: request.letter_text,
    confidential: waived,
  };
}

/** A body's `state`, one of those allowed, or a 400 that changes nothing. */
function stateIn<T extends string>(body: unknown, allowed: readonly T[], message: string): T {
  const state = typeof body === 'object' && body !== null ? (body as { state?: unknown }).state : undefined;
  if (typeof state !== 'string' || !(allowed as readonly string[]).includes(state)) throw badRequest(message, { state: [message] });
  return state as T;
}

/**
 * The checklist (issue 28 items 1 and 4): built from the facts for every reader, and one summary
 * row per submitted file, rewritten by `refresh` whenever a fact changes, for the inbox.
 */
export function createChecklistService(deps: ChecklistServiceDeps) {
  const { store, clock } = deps;

  async function factsOf(accountId: string): Promise<ChecklistFacts | null> {
    const submission = await store.submissions.find(accountId);
    if (!submission) return null;
    const [records, letters, documentsSent] = await Promise.all([store.checklist.records(accountId), store.recommendations.listFor(accountId), store.checklist.documentsSent(accountId)]);
    return { submission, records, letters, documentsSent };
  }

  /** The checklist of a submitted application, from its facts; null before submission. */
  async function build(accountId: string): Promise<ChecklistResponse | null> {
    const facts = await factsOf(accountId);
    return facts && checklistOf(facts);
  }

  /**
   * After a write of `written`, builds again and writes again until they agree: two refreshes at
   * once (a staff record and a letter arriving) may each build before the other's fact commits,
   * and the one that writes last would otherwise leave a summary missing the other's fact. Every
   * writer checks after its own write, so the last write is checked against every fact committed.
   */
  async function settle(accountId: string, written: ChecklistResponse): Promise<ChecklistResponse> {
    let checklist = written;
    for (let round = 0; round < SETTLE_ROUNDS; round++) {
      const fresh = await build(accountId);
      if (!fresh || isDeepStrictEqual(fresh.summary, checklist.summary)) return fresh ?? checklist;
      checklist = fresh;
      await store.checklist.writeSummary(accountId, checklist.summary, clock());
    }
    return checklist;
  }

  /** Rewrites the file's summary row from the facts (nothing before submission); the checklist it wrote. */
  async function rewrite(accountId: string): Promise<ChecklistResponse | null> {
    const checklist = await build(accountId);
    if (!checklist) return null;
    await store.checklist.writeSummary(accountId, checklist.summary, clock());
    return settle(accountId, checklist);
  }

  /** The one refresh of the summary, told of every fact that changes a checklist. */
  async function refresh(accountId: string): Promise<void> {
    await rewrite(accountId);
  }

  /** At submission (and again for a repeated Submit): the summary, and with the first one the receipt mail. */
  async function submitted(accountId: string): Promise<void> {
    const [checklist, facts, account] = await Promise.all([build(accountId), applicantFacts(store, accountId), store.accounts.findById(accountId)]);
    if (!checklist || !facts || !account) return;
    const { receiptQueued } = await store.checklist.writeSummary(accountId, checklist.summary, clock(), receiptMail(account.username, facts, checklist));
    if (receiptQueued) deps.onMailQueued?.();
    await settle(accountId, checklist);
  }

  /** A submitted application's staff-recorded item, after the checks: a slot or document the application does not have is a 404. */
  async function record(accountId: string, itemId: string, state: string, by: Recorder): Promise<ChecklistResponse> {
    await store.checklist.record({ account_id: accountId, item_id: itemId, state, recorded_at: clock(), recorded_by_staff_id: by.staffId, recorded_by_email: by.email });
    return (await rewrite(accountId))!;
  }

  async function submittedFacts(accountId: string): Promise<ChecklistFacts> {
    const facts = await factsOf(accountId);
    if (!facts) throw new HttpError(409, messages.applicationNotSubmitted);
    return facts;
  }

  return {
    refresh,

    /**
     * Makes the summaries, and sends the receipts, of up to MISSING_BATCH submitted files that have
     * none: submitted before there were any, or whose summary failed to be written after the
     * submission (app.ts); how many it made. The inbox asks at each listing, before it filters on
     * the summaries, and housekeeping every round (so a receipt never waits for a listing); a store
     * upgraded with many such files catches up over a few calls instead of holding the first one for
     * minutes (a summary takes a few ms).
     */
    async refreshMissing(): Promise<number> {
      const batch = await store.checklist.withoutSummary(MISSING_BATCH);
      for (const accountId of batch) await submitted(accountId);
      return batch.length;
    },

    /** The applicant's GET: 409 before submission. */
    async forApplicant(accountId: string): Promise<ChecklistResponse> {
      const checklist = await build(accountId);
      if (!checklist) throw new HttpError(409, messages.notSubmitted);
      return checklist;
    },

    submitted,

    /**
     * The staff view: the checklist (null before submission), every letter request with its text
     * (confidential when waived), and the program documents sent after submission.
     */
    async forStaff(accountId: string): Promise<StaffFile> {
      const [checklist, facts, requests, sent] = await Promise.all([build(accountId), applicantFacts(store, accountId), store.recommendations.listFor(accountId), store.checklist.documentsSent(accountId)]);
      return {
        checklist,
        recommendations: requests.map((request) => staffSees(request, facts?.waived ?? false)),
        documents_sent_later: [...new Set(sent.map((document) => document.key))],
      };
    },

    /**
     * The converted PDF of a file outside the answers that staff open on their own: a program
     * document sent after submission (`checklist:<key>`, named as the applicant named it) or an
     * uploaded letter of one of this application's requests (`letter:<id>`); null for anything else.
     */
    async laterFile(accountId: string, key: string): Promise<{ pdf_key: string; file_name: string } | null> {
      const file = fileOutsideTheAnswers(key);
      if (!file) return null;
      const conversion = await store.conversions.find(accountId, key);
      if (conversion?.status !== 'COMPLETED' || !conversion.pdf_key) return null;
      if (file.kind === 'document') return { pdf_key: conversion.pdf_key, file_name: conversion.file_name };
      const request = (await store.recommendations.listFor(accountId)).find((candidate) => candidate.id === file.requestId);
      return request ? { pdf_key: conversion.pdf_key, file_name: `${letterTitle(request.recommender_name)}.pdf` } : null;
    },

    async recordFee(accountId: string, body: unknown, by: Recorder): Promise<ChecklistResponse> {
      const state = stateIn(body, feeStates, messages.badFeeState);
      await submittedFacts(accountId);
      return record(accountId, FEE_ITEM_ID, state, by);
    },

    async recordTranscript(accountId: string, slot: string, body: unknown, by: Recorder): Promise<ChecklistResponse> {
      const state = stateIn(body, receiptStates, messages.badReceiptState);
      if (!/^[1-9]$/.test(slot) || Number(slot) > collegeSlots) throw badRequest(messages.badSlot, { slot: [messages.badSlot] });
      const facts = await submittedFacts(accountId);
      const college = namedColleges(facts.submission.answers).find((named) => String(named.slot) === slot);
      if (!college) throw new HttpError(404, messages.unknownTranscript);
      return record(accountId, transcriptItemId(college.slot), state, by);
    },

    async recordDocument(accountId: string, key: string, body: unknown, by: Recorder): Promise<ChecklistResponse> {
      const state = stateIn(body, receiptStates, messages.badReceiptState);
      const facts = await submittedFacts(accountId);
      if (!programDocuments(facts.submission.answers).some((document) => document === key)) throw new HttpError(404, messages.unknownDocument);
      return record(accountId, documentItemId(key), state, by);
    },

    /** Staff revoke a recommender's link (issue 28 item 5): it then answers 410, as after the applicant's revoke. */
    async revokeRecommendation(accountId: string, requestId: string): Promise<void> {
      if (!(await store.recommendations.revoke(accountId, requestId, clock()))) {
        const request = await store.recommendations.findFor(accountId, requestId);
        throw request ? new HttpError(409, messages.letterAlreadyReceived) : new HttpError(404, messages.unknownRecommendation);
      }
      await refresh(accountId);
    },
  };
}

export type ChecklistService = ReturnType<typeof createChecklistService>;
