// The checklist after submission, built in one place (issue 28 items 1 and 4) from facts only: the
// frozen application, the program catalogue, what staff recorded, the letters and the documents sent
// after submission. Pure: the applicant's call, the staff view, the inbox's summary row and the
// receipt mail all build it here. In a folder of its own: it reads the form (common/form), which
// reads the top of common/, so a file at the top reading the form would make a folder circle.
import type { Answers } from '../api';
import { DONE_STATES, type ChecklistItem, type ChecklistResponse, type ChecklistState, type ChecklistSummary } from '../checklist-api';
import { checklistLabels, checklistNext } from './checklist-messages';
import { roleKeys, roleKeysBySlot } from '../form/answer-roles';
import { formPages } from '../form/pages';
import { lettersOf, programOf } from '../form/program-letters';
import { tenant, type Program, type ProgramDocument } from '../form/tenant';
import { isoTime } from '../iso-time';
import type { QuestionDef, SectionDef } from '../form/types';

/** A staff member's record of an item (`fee`, `transcript:<slot>`, `document:<key>`). Times are epoch milliseconds. */
export interface ChecklistRecordFact {
  item_id: string;
  state: ChecklistState;
  recorded_at: number;
}

/** A recommendation request not revoked. */
export interface ChecklistLetterFact {
  id: string;
  recommender_name: string;
  recommender_email: string;
  created_at: number;
  opened_at: number | null;
  received_at: number | null;
  delivery_failure: string | null;
  delivery_failed_at: number | null;
}

export interface ChecklistFacts {
  submission: { submitted_at: number; answers: Answers; document_answers: Readonly<Record<string, unknown>> };
  /** The program catalogue (the tenant's by default). */
  programs?: readonly Program[];
  records: readonly ChecklistRecordFact[];
  letters: readonly ChecklistLetterFact[];
  /** Program documents sent after submission whose conversion COMPLETED: the document key and when. */
  documentsSent: readonly { key: string; at: number }[];
}

export const transcriptItemId = (slot: number) => `transcript:${slot}`;
export const documentItemId = (key: string) => `document:${key}`;
export const FEE_ITEM_ID = 'fee';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The key of each college's name, slot 1 first (the colleges section's slots: 1 to 8). */
const collegeNameKeys = roleKeysBySlot('collegeName');

/** How many colleges an application can name, so how many transcripts it can owe. */
export const collegeSlots = collegeNameKeys.length;

/** The slots of the colleges the applicant named, with the names as typed. */
export function namedColleges(answers: Answers): { slot: number; name: string }[] {
  return collegeNameKeys.flatMap((key, index) => {
    const name = text(answers[key]);
    return name ? [{ slot: index + 1, name }] : [];
  });
}

/** The program documents the catalogue names for the applied program. */
export function programDocuments(answers: Answers, programs: readonly Program[] = tenant.programs): readonly ProgramDocument[] {
  return programOf(answers[roleKeys.program], programs)?.documents ?? [];
}

/** The section of the form that asks for a program document (its essay, resume or certificate question). */
function documentSection(key: string): SectionDef | undefined {
  return formPages.flatMap((page) => page.sections).find((candidate) => candidate.questions.some((question) => question.key === key));
}

/** What the form calls a program document: the title of its section (an essay's title, 'Resume', 'Teaching Certificate'). */
export function documentLabel(key: string): string {
  return documentSection(key)?.title ?? key;
}

/**
 * What the document's section holds in the submission: typed (a text area answered) or uploaded
 * (a document stored for an upload question) in the form, or to be mailed (its checkbox, an
 * essay's "I will mail it", checked).
 */
function documentInSubmission(facts: ChecklistFacts, key: ProgramDocument): { inForm: boolean; mailed: boolean } {
  const { answers, document_answers } = facts.submission;
  const questions = documentSection(key)?.questions ?? [];
  const given = (question: QuestionDef) =>
    question.widget === 'upload' ? document_answers[question.key] !== undefined : question.widget === 'textarea' && text(answers[question.key]) !== '';
  return {
    inForm: questions.some(given),
    mailed: questions.some((question) => question.widget === 'checkbox' && answers[question.key] === true),
  };
}

function feeItem(facts: ChecklistFacts, record: ChecklistRecordFact | undefined): ChecklistItem {
  const state = record?.state ?? 'awaiting';
  const done = DONE_STATES.includes(state);
  return { id: FEE_ITEM_ID, kind: 'fee', label: checklistLabels.fee, state, since: isoTime(record ? record.recorded_at : facts.submission.submitted_at), next: done ? null : checklistNext.feeAwaiting };
}

function transcriptItem(facts: ChecklistFacts, college: { slot: number; name: string }, record: ChecklistRecordFact | undefined): ChecklistItem {
  const received = record?.state === 'received';
  return {
    id: transcriptItemId(college.slot),
    kind: 'transcript',
    label: checklistLabels.transcript(college.name),
    state: received ? 'received' : 'awaiting',
    since: isoTime(record ? record.recorded_at : facts.submission.submitted_at),
    next: received ? null : checklistNext.transcriptAwaiting,
  };
}

function letterItem(letter: ChecklistLetterFact): ChecklistItem {
  const base = { id: `letter:${letter.id}`, kind: 'letter' as const, label: checklistLabels.letterFrom(letter.recommender_name) };
  if (letter.received_at !== null) return { ...base, state: 'received', since: isoTime(letter.received_at), next: null };
  if (letter.delivery_failure !== null) return { ...base, state: 'refused', since: isoTime(letter.delivery_failed_at ?? letter.created_at), next: checklistNext.letterRefused(letter.recommender_email) };
  if (letter.opened_at !== null) return { ...base, state: 'opened', since: isoTime(letter.opened_at), next: checklistNext.letterOpened };
  return { ...base, state: 'invited', since: isoTime(letter.created_at), next: checklistNext.letterInvited };
}

function letterItems(facts: ChecklistFacts): ChecklistItem[] {
  const required = lettersOf(facts.submission.answers[roleKeys.program], facts.programs).required;
  const named = facts.letters.map(letterItem);
  const open = Array.from({ length: Math.max(0, required - named.length) }, (_, index): ChecklistItem => {
    const n = named.length + index + 1;
    return { id: `letter:open:${n}`, kind: 'letter', label: checklistLabels.openLetter(n), state: 'awaiting', since: null, next: checklistNext.letterToAsk };
  });
  return [...named, ...open];
}

/** When the program document arrived, if it did: typed or uploaded in the form, sent after submission, or recorded by staff. */
function documentReceivedAt(facts: ChecklistFacts, key: ProgramDocument, record: ChecklistRecordFact | undefined): number | null {
  if (documentInSubmission(facts, key).inForm) return facts.submission.submitted_at;
  const sent = facts.documentsSent.filter((document) => document.key === key).map((document) => Number(document.at));
  if (sent.length > 0) return Math.min(...sent);
  return record?.state === 'received' ? record.recorded_at : null;
}

function documentItem(facts: ChecklistFacts, key: ProgramDocument, record: ChecklistRecordFact | undefined): ChecklistItem {
  const base = { id: documentItemId(key), kind: 'document' as const, label: documentLabel(key) };
  const receivedAt = documentReceivedAt(facts, key, record);
  if (receivedAt !== null) return { ...base, state: 'received', since: isoTime(receivedAt), next: null };
  const mailed = documentInSubmission(facts, key).mailed;
  return { ...base, state: 'awaiting', since: isoTime(facts.submission.submitted_at), next: mailed ? checklistNext.documentMailed : checklistNext.documentMissing };
}

/** Every item, in the order the applicant reads them: the application, the fee, transcripts, letters, program documents. */
export function checklistItems(facts: ChecklistFacts): ChecklistItem[] {
  const records = new Map(facts.records.map((record) => [record.item_id, record]));
  const { answers, submitted_at } = facts.submission;
  return [
    { id: 'application', kind: 'application', label: checklistLabels.application, state: 'received', since: isoTime(submitted_at), next: checklistNext.applicationPdf },
    feeItem(facts, records.get(FEE_ITEM_ID)),
    ...namedColleges(answers).map((college) => transcriptItem(facts, college, records.get(transcriptItemId(college.slot)))),
    ...letterItems(facts),
    ...programDocuments(answers, facts.programs).map((key) => documentItem(facts, key, records.get(documentItemId(key)))),
  ];
}

const isDone = (item: ChecklistItem) => DONE_STATES.includes(item.state);

/**
 * How far the file is from complete. `lettersRequired` (the program's) counts the letters still
 * missing: letters beyond it that have not arrived do not keep the file from complete. Without it,
 * every letter item not received counts.
 */
export function summarizeChecklist(items: readonly ChecklistItem[], lettersRequired?: number): ChecklistSummary {
  const missing = (kind: ChecklistItem['kind']) => items.filter((item) => item.kind === kind && !isDone(item)).length;
  const lettersReceived = items.filter((item) => item.kind === 'letter' && isDone(item)).length;
  const summary = {
    fee_awaiting: missing('fee') > 0,
    transcripts_missing: missing('transcript'),
    letters_missing: lettersRequired === undefined ? missing('letter') : Math.max(0, lettersRequired - lettersReceived),
    documents_missing: missing('document'),
  };
  const outstanding = (summary.fee_awaiting ? 1 : 0) + summary.transcripts_missing + summary.letters_missing + summary.documents_missing + missing('application');
  return { complete: outstanding === 0, ...summary, outstanding };
}

/** The checklist of a submitted application. */
export function checklistOf(facts: ChecklistFacts): ChecklistResponse {
  const items = checklistItems(facts);
  const required = lettersOf(facts.submission.answers[roleKeys.program], facts.programs).required;
  return { submitted_at: isoTime(facts.submission.submitted_at), items, summary: summarizeChecklist(items, required) };
}
