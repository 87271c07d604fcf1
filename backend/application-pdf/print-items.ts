import type { AddAnotherCounts, Answers, DocumentAnswer, TabChoices } from '../../common/api';

/**
 * Everything the application PDF is made from, and nothing else: the fingerprint covers exactly
 * this, so the PDF is regenerated when, and only when, one of these changes.
 */
export interface ApplicationContent {
  username: string;
  answers: Answers;
  tabs: TabChoices;
  addAnother: AddAnotherCounts;
  /** The converted documents by upload key: what the print view names and the PDF appends. */
  documents: Readonly<Record<string, DocumentAnswer & { pdf_key: string }>>;
}

/** The print model's items, which the PDF lays out (common/form/print-items.ts). */
export { checkMark, type PrintChoice, type PrintItem } from '../../common/form/print-items';
