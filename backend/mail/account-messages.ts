import { tenant } from '../../common/form/tenant';
import type { MailMessage } from './mailer';

/** The wording of the account e-mails, in one place. */
export function confirmationCodeMessage(to: string, code: string, validHours: number): MailMessage {
  return {
    to,
    subject: `Your ${tenant.application_title} confirmation code`,
    text: [
      `Welcome to the ${tenant.partner_name} ${tenant.application_title}.`,
      '',
      `Your confirmation code is: ${code}`,
      '',
      `Enter it on the Confirm Your Account page. The code is valid for ${validHours} hours.`,
      'If you did not create an account, you can ignore this message.',
      '',
      `${tenant.office_name}, ${tenant.partner_name}`,
      `Questions? Write to ${tenant.help_email}.`,
    ].join('\n'),
    devSummary: `confirmation code for ${to} is ${code}`,
  };
}

export function passwordResetMessage(to: string, link: string, validMinutes: number): MailMessage {
  return {
    to,
    subject: `Reset your ${tenant.application_title} password`,
    text: [
      `We received a request to reset the password of your ${tenant.application_title} account.`,
      '',
      'Open this link to choose a new password:',
      link,
      '',
      `The link works once and expires in ${validMinutes} minutes.`,
      'If you did not ask for this, you can ignore this message: your password stays the same.',
      '',
      `${tenant.office_name}, ${tenant.partner_name}`,
    ].join('\n'),
    devSummary: `password reset link for ${to}: ${link}`,
  };
}
