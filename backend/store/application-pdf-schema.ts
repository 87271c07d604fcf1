import type { JobColumns } from './job-schema';

// Row types of the application PDFs (backend/application-pdfs); times are epoch milliseconds.

/** What a generation of the application PDF is doing (spec platform section 4, PDF status). */
export type ApplicationPdfJobStatus = 'UNPROCESSED' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';

/** Who an application PDF is made for: the applicant's own, or the office's, which carries the letters (migration 018). */
export type PdfAudience = 'applicant' | 'office';

/**
 * The application PDF of one applicant for one audience (see migrations 008 and 018). Its id is new
 * for every generation: it names the download and keeps a replaced job from finishing the new one.
 */
export interface ApplicationPdfsTable extends JobColumns<ApplicationPdfJobStatus> {
  account_id: string;
  audience: PdfAudience;
  /** contentFingerprint of what the PDF is made from; a different fingerprint means a new generation. */
  fingerprint: string;
  message: string | null;
  pdf_key: string | null;
}

export interface ApplicationPdfTables {
  application_pdfs: ApplicationPdfsTable;
}
