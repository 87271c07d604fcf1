import { recommendLink } from '../../common/recommendation-api';
import { tenant } from '../../common/form/tenant';
import type { NewMail } from '../mail/mail-outbox-store';
import type { ApplicantFacts } from './applicant-facts';

/**
 * The invitation a recommender gets: who asks, for which program, whether the applicant waived the
 * right to read the letter, and the link that is the recommender's alone.
 */
export function invitationMail(to: { name: string; email: string }, facts: ApplicantFacts, link: { publicUrl: string; token: string; expiresAt: number }): NewMail {
  const applicant = facts.name || 'An applicant';
  const waiver = facts.waived
    ? `${applicant} has waived the right to read your letter: it goes to the admissions office alone.`
    : `${applicant} has not waived the right to read your letter, and may read it if admitted and enrolled.`;
  return {
    recipient: to.email,
    subject: `Letter of recommendation for ${applicant}`,
    body: [
      `Dear ${to.name},`,
      '',
      `${applicant} has applied to the ${facts.programLabel} program at ${tenant.partner_name} and asked you for a letter of recommendation.`,
      waiver,
      '',
      'Write or paste your letter on this page, which is yours alone (do not forward this e-mail):',
      recommendLink(link.publicUrl, link.token),
      '',
      `The link works until ${new Date(link.expiresAt).toISOString().slice(0, 10)}. If you do not know ${applicant}, you can ignore this e-mail.`,
      '',
      tenant.office_name,
      tenant.admissions_email,
    ].join('\n'),
  };
}
