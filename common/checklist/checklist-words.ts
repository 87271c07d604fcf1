import type { ChecklistItem, ChecklistState, ChecklistSummary } from '../checklist-api';
import { DONE_STATES } from '../checklist-api';
import { formatDay } from '../form/format-day';

/** Each state in words: the checklist never says a state by colour alone (issue 28 item 1); the screens and the receipt mail say the same. */
export const checklistStateWords: Record<ChecklistState, string> = {
  received: 'Received',
  paid: 'Paid',
  waived: 'Waived',
  awaiting: 'Awaiting',
  invited: 'Invited',
  opened: 'Opened',
  refused: 'Refused by the mail server',
};

/** An item's state and since when, e.g. "Received on Nov 20, 2026" or "Awaiting since Nov 2, 2026". */
export function checklistStateText({ state, since }: Pick<ChecklistItem, 'state' | 'since'>): string {
  const words = checklistStateWords[state];
  if (!since) return words;
  return `${words} ${DONE_STATES.includes(state) ? 'on' : 'since'} ${formatDay(since)}`;
}

/** How far a file is from complete, in words: the applicant's checklist and the inbox say the same. */
export function checklistSummaryText({ complete, outstanding }: ChecklistSummary): string {
  if (complete) return 'Complete';
  return `${outstanding} ${outstanding === 1 ? 'item' : 'items'} outstanding`;
}
