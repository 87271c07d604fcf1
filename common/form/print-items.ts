import type { Answers, TabChoices } from '../api';

/**
 * The printed application as a list of items (spec platform section 1, form-content section 4):
 * headings, then each question's label with its plain-text value or its options marked [X] and
 * [ ]. No controls, no buttons. `printItems` (print-model.ts) makes the list; the service view,
 * the staff view and the application PDF each lay it out.
 */

/** What an application prints from: its answers, its tab choices and its attached documents. */
export interface PrintSource {
  answers: Answers;
  tabs?: TabChoices;
  /** The documents by upload key; an upload prints the name of its file when there is one. */
  documents: Readonly<Record<string, { file_name: string }>>;
  /**
   * An upload with no file is listed with an empty value rather than left out: the applicant's
   * review of their answers says "Not answered" where the print view prints nothing (issue 33 item 4).
   */
  listEmptyUploads?: boolean;
}

/** One option of a radio, check group or single checkbox, as the print view marks it. */
export interface PrintChoice {
  label: string;
  checked: boolean;
}

export type PrintItem =
  | { kind: 'page'; title: string }
  | { kind: 'section'; title: string; intro?: string }
  /** The heading of one block of a repeated section: College 1, College 2... */
  | { kind: 'block'; title: string }
  /** A question answered in words; line breaks as typed. `key`: the answer key the question asks (its field's id). */
  | { kind: 'field'; label: string; value: string; key?: string }
  /**
   * A radio or check group, every option marked. `columns`: one option under another, never side
   * by side (a radio group of more than two answers, form-content section 2 item 9, and a check
   * group); the print view sets a radio group's in columns and a check group's as a list.
   */
  | { kind: 'choices'; label: string; choices: readonly PrintChoice[]; columns: boolean; checkGroup?: true; key?: string }
  /** A single checkbox (a question, a section's trigger, a phone's SMS opt-in): its mark and label. */
  | { kind: 'check'; choice: PrintChoice; key?: string }
  /** An upload: 'File attached', with the file's name when known; `answerKey` finds the document. */
  | { kind: 'upload'; label: string; value: string; answerKey: string };

/** '[X]' for a chosen option, '[ ]' for the others. */
export const checkMark = (choice: PrintChoice) => (choice.checked ? '[X]' : '[ ]');

export const markOf = (choice: PrintChoice) => `${checkMark(choice)} ${choice.label}`;

type Heading = 'page' | 'section' | 'block';
export type HeadingItem<K extends Heading> = Extract<PrintItem, { kind: K }>;

/**
 * The items before the first heading of `kind`, then each such heading with the items up to the
 * next: how each view (print, staff, the applicant's review) nests pages, sections and blocks.
 */
export function splitAt<K extends Heading>(items: readonly PrintItem[], kind: K): { before: PrintItem[]; parts: { head: HeadingItem<K>; items: PrintItem[] }[] } {
  const before: PrintItem[] = [];
  const parts: { head: HeadingItem<K>; items: PrintItem[] }[] = [];
  for (const item of items) {
    if (item.kind === kind) parts.push({ head: item as HeadingItem<K>, items: [] });
    else (parts.at(-1)?.items ?? before).push(item);
  }
  return { before, parts };
}
