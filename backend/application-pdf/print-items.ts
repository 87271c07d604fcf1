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

/** One option of a radio, check group or single checkbox, as the print view marks it. */
export interface PrintChoice {
  label: string;
  checked: boolean;
}

/**
 * The print view as a list of items (spec platform section 1): headings, then each question's
 * label with its plain-text value or its options marked [X] and [ ]. No controls, no buttons.
 */
export type PrintItem =
  | { kind: 'page'; title: string }
  | { kind: 'section'; title: string; intro?: string }
  | { kind: 'block'; title: string }
  | { kind: 'field'; label: string; value: string }
  | { kind: 'choices'; label: string; choices: readonly PrintChoice[]; columns: boolean }
  | { kind: 'check'; choice: PrintChoice }
  | { kind: 'upload'; label: string; value: string; answerKey: string };

/** '[X]' for a chosen option, '[ ]' for the others. */
export const checkMark = (choice: PrintChoice) => (choice.checked ? '[X]' : '[ ]');

export const markOf = (choice: PrintChoice) => `${checkMark(choice)} ${choice.label}`;
