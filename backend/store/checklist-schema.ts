import type { ChecklistSummary } from '../../common/checklist-api';

/** Row types of the checklist (migration 017); times are epoch milliseconds. */
export interface ChecklistRecordsTable {
  account_id: string;
  /** `fee`, `transcript:<slot>` or `document:<program document key>` (common/checklist/checklist-of.ts). */
  item_id: string;
  state: string;
  recorded_at: number;
  recorded_by_staff_id: string;
  recorded_by_email: string;
}

/** How far a submitted file is from complete, for the inbox's filter and sort (0 or 1 for the flags). */
export interface ChecklistSummariesTable {
  account_id: string;
  complete: number;
  fee_awaiting: number;
  transcripts_missing: number;
  letters_missing: number;
  documents_missing: number;
  outstanding: number;
  updated_at: number;
  /** When the receipt mail was recorded; null until then. */
  receipt_at: number | null;
}

/** The summary's columns, selected from `checklist_summaries as c` by the inbox and the exports. */
export const CHECKLIST_SUMMARY_COLUMNS = ['c.complete', 'c.fee_awaiting', 'c.transcripts_missing', 'c.letters_missing', 'c.documents_missing', 'c.outstanding'] as const;

/** The summary's columns as a query joined to it reads them: null for a file with no summary yet. */
export type SummaryColumns = { [column in Exclude<keyof ChecklistSummariesTable, 'account_id' | 'updated_at' | 'receipt_at'>]: number | string | null };

/** The summary of the joined columns (integers may come back as text from PostgreSQL); null without one. */
export function summaryOfColumns(row: SummaryColumns): ChecklistSummary | null {
  if (row.outstanding === null || row.outstanding === undefined) return null;
  return {
    complete: Number(row.complete) === 1,
    fee_awaiting: Number(row.fee_awaiting) === 1,
    transcripts_missing: Number(row.transcripts_missing),
    letters_missing: Number(row.letters_missing),
    documents_missing: Number(row.documents_missing),
    outstanding: Number(row.outstanding),
  };
}

export interface ChecklistTables {
  checklist_records: ChecklistRecordsTable;
  checklist_summaries: ChecklistSummariesTable;
}
