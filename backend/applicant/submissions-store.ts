import type { Kysely, Transaction } from 'kysely';
import type { AddAnotherCounts, Answers, DocumentAnswer, TabChoices } from '../../common/api';
import { DOCUMENT_ANSWERED, isUploadKey } from '../../common/form/model';
import type { Dialect } from '../store/dialect';
import type { Database } from '../store/schema';
import type { AnswerSealer } from '../security/sealed-answers';

/** A converted document by what names it: its conversion, its upload, what the applicant saw, and its PDF. */
export interface ConvertedDocument extends DocumentAnswer {
  conversion_id: string;
  file_key: string;
  pdf_key: string;
}

/**
 * The COMPLETED conversions of an account by question. `db` may be a transaction: the submission
 * reads them with the answers it checks. Here with the submission that freezes them, not in the
 * conversions feature that writes them, so the applicant's side reads its documents without
 * importing a feature that sits above it.
 */
async function convertedDocumentsOf(db: Kysely<Database>, accountId: string): Promise<Record<string, ConvertedDocument>> {
  const rows = await db
    .selectFrom('conversions')
    .select(['id', 'answer_key', 'file_key', 'file_name', 'file_size', 'pdf_key'])
    .where('account_id', '=', accountId)
    .where('status', '=', 'COMPLETED')
    .where('pdf_key', 'is not', null)
    .execute();
  return Object.fromEntries(
    rows.map((row) => [
      row.answer_key,
      { conversion_id: row.id, file_key: row.file_key, file_name: row.file_name, file_size: row.file_size, pdf_key: row.pdf_key! },
    ]),
  );
}

/**
 * A converted document as submitted: what the applicant saw, the PDF that goes with the application
 * and, in snapshots taken since they are named, the conversion and the uploaded file behind it.
 */
export type SubmittedDocument = Omit<ConvertedDocument, NamedSince> & Partial<Pick<ConvertedDocument, NamedSince>>;
type NamedSince = 'conversion_id' | 'file_key';

/** The application as it was submitted; never changed afterwards. */
export interface Submission {
  answers: Answers;
  document_answers: Record<string, SubmittedDocument>;
  tabs: TabChoices;
  add_another: AddAnotherCounts;
  submitted_at: number;
}

/** Why a submission was not recorded, or the submission (new, or the one made before). */
export type SubmitOutcome =
  | { kind: 'submitted'; submission: Submission }
  | { kind: 'already-submitted'; submission: Submission }
  | { kind: 'documents-pending' }
  | { kind: 'incomplete'; errors: Record<string, string[]> };

/** The status entries a submitted application holds: the status derives from their number. */
const SUBMITTED_STATUSES = ['started', 'validating', 'submitted'] as const;

/** The stored submission, its sensitive answers still sealed. */
async function findIn(db: Kysely<Database>, accountId: string): Promise<Submission | null> {
  const row = await db.selectFrom('submissions').selectAll().where('account_id', '=', accountId).executeTakeFirst();
  if (!row) return null;
  return {
    answers: JSON.parse(row.answers) as Submission['answers'],
    document_answers: JSON.parse(row.document_answers) as Submission['document_answers'],
    tabs: JSON.parse(row.tabs) as Submission['tabs'],
    add_another: JSON.parse(row.add_another) as Submission['add_another'],
    submitted_at: row.submitted_at,
  };
}

/**
 * The application as the submission checks and keeps it. An upload question is answered by its
 * converted document alone: an ANSWERED in the answers table with no COMPLETED conversion behind it
 * (a save of an older version could write one) counts for nothing.
 */
async function readApplication(trx: Transaction<Database>, accountId: string, now: number): Promise<Submission> {
  const [answers, documents, tabs, counts] = await Promise.all([
    trx.selectFrom('answers').select(['answer_key', 'value']).where('account_id', '=', accountId).execute(),
    convertedDocumentsOf(trx, accountId),
    trx.selectFrom('tab_choices').select(['tab_id', 'chosen_tab']).where('account_id', '=', accountId).execute(),
    trx.selectFrom('add_another_counts').select(['button_id', 'num_components']).where('account_id', '=', accountId).execute(),
  ]);
  const typed = answers.filter((row) => !isUploadKey(row.answer_key));
  return {
    answers: {
      ...Object.fromEntries(typed.map((row) => [row.answer_key, JSON.parse(row.value) as Answers[string]])),
      ...Object.fromEntries(Object.keys(documents).map((answerKey) => [answerKey, DOCUMENT_ANSWERED])),
    },
    document_answers: documents,
    tabs: Object.fromEntries(tabs.map((row) => [row.tab_id, row.chosen_tab])),
    add_another: Object.fromEntries(counts.map((row) => [row.button_id, row.num_components])),
    submitted_at: now,
  };
}

/**
 * Submissions. The check and the snapshot happen in one transaction with the account row locked
 * (PostgreSQL; SQLite runs one transaction at a time), so two submits of one applicant, on one
 * instance or several, record one submission, and the answers checked are the answers kept.
 */
export function submissionStore(db: Kysely<Database>, dialect: Dialect, sealer: AnswerSealer) {
  /** The submission with its sensitive answers opened, as the services read it. */
  const opened = (accountId: string, submission: Submission): Submission => ({ ...submission, answers: sealer.openAnswers(accountId, submission.answers) });
  return {
    find: async (accountId: string): Promise<Submission | null> => {
      const submission = await findIn(db, accountId);
      return submission && opened(accountId, submission);
    },

    /** The converted documents with their PDFs' object keys: what the application PDF names and appends. */
    convertedDocuments: (accountId: string): Promise<Record<string, ConvertedDocument>> => convertedDocumentsOf(db, accountId),

    /**
     * Whether the applicant has submitted: the submission row is the one record of it (the status
     * entries are what the page shows, written beside it).
     */
    async isSubmitted(accountId: string): Promise<boolean> {
      return (await db.selectFrom('submissions').select('account_id').where('account_id', '=', accountId).executeTakeFirst()) !== undefined;
    },

    /** Every object key the submissions of these accounts name, uploaded files and PDFs: never to be deleted. */
    async objectKeysNamedBy(accountIds: readonly string[]): Promise<Set<string>> {
      if (accountIds.length === 0) return new Set();
      const rows = await db.selectFrom('submissions').select('document_answers').where('account_id', 'in', accountIds).execute();
      const documents = rows.flatMap((row) => Object.values(JSON.parse(row.document_answers) as Submission['document_answers']));
      return new Set(documents.flatMap((document) => [document.file_key, document.pdf_key]).filter((key): key is string => !!key));
    },

    /** `check` judges the stored answers (the form's validation); it returns the errors, empty when complete. */
    async submit(accountId: string, now: number, check: (answers: Answers) => Record<string, string[]>): Promise<SubmitOutcome> {
      return db.transaction().execute(async (trx): Promise<SubmitOutcome> => {
        if (dialect === 'postgres') await trx.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().execute();
        const earlier = await findIn(trx, accountId);
        if (earlier) return { kind: 'already-submitted', submission: opened(accountId, earlier) };
        const pending = await trx
          .selectFrom('conversions')
          .select('answer_key')
          .where('account_id', '=', accountId)
          .where('status', 'in', ['UNPROCESSED', 'IN_PROGRESS'])
          .executeTakeFirst();
        if (pending) return { kind: 'documents-pending' };

        // The snapshot keeps the sensitive answers as they are stored, sealed; the check reads them opened.
        const stored = await readApplication(trx, accountId, now);
        const submission = opened(accountId, stored);
        const errors = check(submission.answers);
        if (Object.keys(errors).length > 0) return { kind: 'incomplete', errors };

        await trx
          .insertInto('submissions')
          .values({
            account_id: accountId,
            answers: JSON.stringify(stored.answers),
            document_answers: JSON.stringify(submission.document_answers),
            tabs: JSON.stringify(submission.tabs),
            add_another: JSON.stringify(submission.add_another),
            submitted_at: now,
          })
          .execute();
        await trx
          .insertInto('web_status_entries')
          .values(SUBMITTED_STATUSES.map((status) => ({ account_id: accountId, web_status: status, created_at: now })))
          .onConflict((oc) => oc.columns(['account_id', 'web_status']).doNothing())
          .execute();
        return { kind: 'submitted', submission };
      });
    },
  };
}

/** The submissions part of the store, as the services that use it name it. */
export type SubmissionStore = ReturnType<typeof submissionStore>;
