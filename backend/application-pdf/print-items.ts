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
  /**
   * What follows the documents, outside the frozen application (issue 28 items 3 and 4): the
   * program documents sent after submission, then, in the office's PDF only, the letters of
   * recommendation. Each is a converted document (`pdf_key`) or a typed letter (`text`), laid
   * out on pages of its own under its title.
   */
  appended?: readonly AppendedPart[];
}

export interface AppendedPart {
  /** 'Letter of recommendation from Grace Hopper', 'Resume (sent after submission)'. */
  title: string;
  pdf_key: string | null;
  text: string | null;
}

/** The print model's items, which the PDF lays out (common/form/print-items.ts). */
export { checkMark, type PrintChoice, type PrintItem } from '../../common/form/print-items';
