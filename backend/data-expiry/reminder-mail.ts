import { formatDay } from '../../common/form/format-day';
import { tenant } from '../../common/form/tenant';
import type { NewMail } from '../mail/mail-outbox-store';

/**
 * The reminder that an unsubmitted application will be deleted (issue 35 item 3): the date, and
 * how to keep it (sign in). It names no answer: only the address it goes to already knows.
 */
export function draftReminderMail(to: string, deletesAt: number, publicUrl: string): NewMail {
  const day = formatDay(deletesAt);
  return {
    recipient: to,
    subject: `Your ${tenant.application_title} will be deleted on ${day}`,
    body: [
      `You started a ${tenant.application_title} at ${tenant.partner_name} but have not signed in to it for a long time, and it has not been submitted.`,
      '',
      `To protect your information, we delete unsubmitted applications that nobody uses. Yours, with its answers and documents, will be deleted on ${day}.`,
      '',
      'To keep it, sign in before that date; you do not need to change anything:',
      `${publicUrl}/login`,
      '',
      'If you no longer need it, you do not have to do anything.',
      '',
      `${tenant.office_name}, ${tenant.partner_name}`,
      `Questions? Write to ${tenant.help_email}.`,
    ].join('\n'),
  };
}
