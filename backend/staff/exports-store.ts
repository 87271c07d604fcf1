import type { Kysely } from 'kysely';
import { CHECKLIST_SUMMARY_COLUMNS, type SummaryColumns } from '../store/checklist-schema';
import type { Database } from '../store/schema';
import type { Answers } from '../../common/api';
import type { AnswerSealer } from '../security/sealed-answers';

export interface SubmittedAnswers {
  account_id: string;
  username: string;
  /** The answers as submitted, sensitive ones opened (the exports mask them). */
  answers: Answers;
  submitted_at: number;
}

/** A submitted row and its file's checklist summary columns (migration 017; null when it has none yet). */
export type SubmittedRow = SubmittedAnswers & SummaryColumns;

/** Where the previous batch ended: submissions are read in (submitted_at, account_id) order. */
export interface ExportCursor {
  submittedAt: number;
  accountId: string;
}

/** The exports' reads: submitted applications in a time range, a bounded batch at a time. */
export function staffExportStore(db: Kysely<Database>, sealer: AnswerSealer) {
  return {
    async submittedBatch(range: { from: number; before: number }, after: ExportCursor | null, limit: number): Promise<SubmittedRow[]> {
      const rows = await submittedRows(range, after, limit);
      return rows.map((row) => ({ ...row, answers: sealer.openAnswers(row.account_id, JSON.parse(row.answers) as Answers) }));
    },
  };

  function submittedRows(range: { from: number; before: number }, after: ExportCursor | null, limit: number) {
    let query = db
      .selectFrom('submissions as s')
      .innerJoin('accounts as a', 'a.id', 's.account_id')
      .leftJoin('checklist_summaries as c', 'c.account_id', 's.account_id')
      .select(['s.account_id', 'a.username', 's.answers', 's.submitted_at'])
      .select(CHECKLIST_SUMMARY_COLUMNS)
      .where('s.submitted_at', '>=', range.from)
      .where('s.submitted_at', '<', range.before);
    if (after) {
      query = query.where((eb) =>
        eb.or([eb('s.submitted_at', '>', after.submittedAt), eb.and([eb('s.submitted_at', '=', after.submittedAt), eb('s.account_id', '>', after.accountId)])]),
      );
    }
    return query.orderBy('s.submitted_at').orderBy('s.account_id').limit(limit).execute();
  }
}

/** The exports part of the store, as the services that use it name it. */
export type StaffExportStore = ReturnType<typeof staffExportStore>;
