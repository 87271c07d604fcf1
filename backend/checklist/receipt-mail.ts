import type { ChecklistResponse } from '../../common/checklist-api';
import { checklistStateText } from '../../common/checklist/checklist-words';
import { formatDay } from '../../common/form/format-day';
import { tenant } from '../../common/form/tenant';
import type { NewMail } from '../mail/mail-outbox-store';

/**
 * The receipt an applicant gets at submission (issue 28 item 4): the checklist in plain text, each
 * item with its state and what to do next. It names the recommenders, never a letter's text.
 */
export function receiptMail(to: string, applicant: { name: string; programLabel: string }, checklist: ChecklistResponse): NewMail {
  const lines = checklist.items.flatMap((item) => [`- ${item.label}: ${checklistStateText(item)}`, ...(item.next ? [`  ${item.next}`] : [])]);
  return {
    recipient: to,
    subject: `We received your application to ${tenant.partner_name}`,
    body: [
      `Dear ${applicant.name || 'applicant'},`,
      '',
      `Thank you: we received your application to the ${applicant.programLabel} program on ${formatDay(checklist.submitted_at)}.`,
      'Your file is complete when every item below has arrived. Your checklist online shows where each one stands.',
      '',
      ...lines,
      '',
      tenant.office_name,
      tenant.admissions_email,
    ].join('\n'),
  };
}
