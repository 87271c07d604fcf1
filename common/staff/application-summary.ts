import type { ChecklistResponse } from '../checklist-api';
import { DONE_STATES } from '../checklist-api';
import { checklistStateWords, checklistSummaryText } from '../checklist/checklist-words';
import { roleKeysOf } from '../form/role-keys';
import { printedSlots } from '../form/print';
import type { PrintItem, PrintSource } from '../form/print-items';
import { printItems } from '../form/print-model';
import type { AnswerRole, PageDef, SectionDef } from '../form/types';

/**
 * What the staff view of one application shows above the full answers (issue 33 item 7): the
 * program, term and campus, citizenship, the in-state tuition claim, each college with its GPA,
 * and the checklist's state. Every value is the print model's text of the question that declares
 * the role (answer-roles.ts), so the summary says what the printed answers below say.
 */

export interface SummaryRow {
  label: string;
  /** The printed answers of the row's roles, joined; '' when none is answered. */
  value: string;
}

export interface CollegeSummary {
  name: string;
  gpa: string;
}

export interface ChecklistState {
  /** 'Complete' or 'n items outstanding'. */
  text: string;
  done: string[];
  /** Each outstanding item with its state, e.g. 'Fee: Awaiting'. */
  missing: string[];
}

export interface ApplicationSummary {
  rows: SummaryRow[];
  colleges: CollegeSummary[];
  /** null while the application is in progress: its checklist starts at submission. */
  checklist: ChecklistState | null;
}

/** The rows, in order, and the roles each one prints (citizenship: the status, then the country). */
const SUMMARY_ROWS: readonly { label: string; roles: readonly AnswerRole[] }[] = [
  { label: 'Program', roles: ['program'] },
  { label: 'Term', roles: ['term'] },
  { label: 'Campus', roles: ['campus'] },
  { label: 'Citizenship', roles: ['citizenship', 'citizenshipCountry'] },
  { label: 'In-state tuition (residency)', roles: ['residency'] },
];

/** One printed question's answer in words: a radio or check group's chosen options, a checkbox's label when ticked. */
function printedText(item: PrintItem): string {
  switch (item.kind) {
    case 'field':
    case 'upload':
      return item.value.trim();
    case 'choices':
      return item.choices.filter((choice) => choice.checked).map((choice) => choice.label).join(', ');
    case 'check':
      return item.choice.checked ? item.choice.label : '';
    default:
      return '';
  }
}

/** The printed text of each answer key the print model shows (questions hidden print nothing). */
function printedByKey(items: readonly PrintItem[]): Map<string, string> {
  const byKey = new Map<string, string>();
  for (const item of items) {
    const key = item.kind === 'upload' ? item.answerKey : 'key' in item ? item.key : undefined;
    if (key) byKey.set(key, printedText(item));
  }
  return byKey;
}

const keyOfRole = (section: SectionDef, role: AnswerRole) => section.questions.find((question) => question.role === role)?.key;

function collegesOf(pages: readonly PageDef[], source: PrintSource, printed: Map<string, string>): CollegeSummary[] {
  const section = pages.flatMap((page) => page.sections).find((candidate) => keyOfRole(candidate, 'collegeName') !== undefined);
  if (!section) return [];
  const colleges = printedSlots(section, source.answers).map((slot) => {
    const text = (role: AnswerRole) => printed.get(keyOfRole(slot, role) ?? '') ?? '';
    return { name: text('collegeName'), gpa: text('collegeGpa') };
  });
  return colleges.filter((college) => college.name !== '' || college.gpa !== '');
}

function checklistStateOf(checklist: ChecklistResponse | null): ChecklistState | null {
  if (!checklist) return null;
  const isDone = (state: (typeof checklist.items)[number]['state']) => DONE_STATES.includes(state);
  return {
    text: checklistSummaryText(checklist.summary),
    done: checklist.items.filter((item) => isDone(item.state)).map((item) => item.label),
    missing: checklist.items.filter((item) => !isDone(item.state)).map((item) => `${item.label}: ${checklistStateWords[item.state]}`),
  };
}

export function applicationSummary(pages: readonly PageDef[], source: PrintSource, checklist: ChecklistResponse | null): ApplicationSummary {
  const printed = printedByKey(printItems(pages, source));
  const roleKeys = roleKeysOf(pages);
  const rows = SUMMARY_ROWS.map(({ label, roles }) => ({
    label,
    value: roles
      .map((role) => printed.get(roleKeys[role] ?? '') ?? '')
      .filter(Boolean)
      .join('; '),
  }));
  return { rows, colleges: collegesOf(pages, source, printed), checklist: checklistStateOf(checklist) };
}
