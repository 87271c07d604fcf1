import type { JobColumns } from './job-schema';

// Row types of the uploads' conversions to PDF (backend/conversions); times are epoch milliseconds.

/** What a conversion job is doing; NOT_ANSWERED is no row at all. */
export type ConversionJobStatus = 'UNPROCESSED' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';

/**
 * A document's conversion to PDF, one per applicant and upload question (see migration 006). Its id
 * is new for every start, so a worker still busy with a replaced job cannot finish the new one.
 */
export interface ConversionsTable extends JobColumns<ConversionJobStatus> {
  account_id: string;
  answer_key: string;
  /** The uploaded object (uploads/<account>/<answer key>/<uuid>). */
  file_key: string;
  file_name: string;
  file_size: number;
  /** The applicant's message of a FAILED job; null otherwise. */
  message: string | null;
  /** The converted PDF's object key, once COMPLETED. */
  pdf_key: string | null;
}

export interface ConversionTables {
  conversions: ConversionsTable;
}
