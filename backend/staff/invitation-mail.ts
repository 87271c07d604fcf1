import { tenant } from '../../common/form/tenant';
import type { MailMessage } from '../mail/mailer';

/** The invitation a new (or re-invited) staff member receives. */
export function staffInvitationMessage(to: string, link: string, validHours: number): MailMessage {
  return {
    to,
    subject: `Your staff account for the ${tenant.application_title}`,
    text: [
      `You have been given a staff account for the ${tenant.partner_name} ${tenant.application_title}.`,
      '',
      'Open this link to choose your password and set up the second step of logging in with an authenticator app on your phone:',
      link,
      '',
      `The link works once and expires in ${validHours} hours.`,
      'If you did not expect this message, you can ignore it.',
      '',
      `${tenant.office_name}, ${tenant.partner_name}`,
    ].join('\n'),
    devSummary: `staff invitation for ${to}: ${link}`,
  };
}
