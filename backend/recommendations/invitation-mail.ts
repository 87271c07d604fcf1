import { recommendationLimits, recommendLink, waiverSentence } from '../../common/recommendation-api';
import { formatDay } from '../../common/form/format-day';
import { tenant } from '../../common/form/tenant';
import { hashSecret, randomToken } from '../security/secrets';
import type { NewMail } from '../mail/mail-outbox-store';
import type { ApplicantFacts } from './applicant-facts';
import type { Invitation } from './recommendations-store';

/** The scope of a recommender's token in its hash: it never passes as a session, a reset id or a service token. */
export const RECOMMENDER_TOKEN_SCOPE = 'recommendation';
const DAY_MS = 24 * 60 * 60_000;

/**
 * The invitation a recommender gets: who asks, for which program, whether the applicant waived the
 * right to read the letter, and the link that is the recommender's alone.
 */
function invitationMail(to: { name: string; email: string }, facts: ApplicantFacts, link: { publicUrl: string; token: string; expiresAt: number }, reminder: boolean): NewMail {
  const applicant = facts.name || 'An applicant';
  return {
    recipient: to.email,
    subject: `${reminder ? 'Reminder: l' : 'L'}etter of recommendation for ${applicant}`,
    body: [
      `Dear ${to.name},`,
      '',
      `${applicant} has applied to the ${facts.programLabel} program at ${tenant.partner_name} and asked you for a letter of recommendation.`,
      ...(reminder ? ['We have not received your letter yet: this link replaces the one in our first e-mail.'] : []),
      waiverSentence(applicant, facts.waived),
      '',
      'Write, paste or upload your letter on this page, which is yours alone (do not forward this e-mail):',
      recommendLink(link.publicUrl, link.token),
      '',
      `The link works until ${formatDay(link.expiresAt)}. If you do not know ${applicant}, you can ignore this e-mail.`,
      '',
      tenant.office_name,
      tenant.admissions_email,
    ].join('\n'),
  };
}

/** A new link for the recommender: the token goes into the mail only; its hash is what is kept. */
export function newInvitation(to: { name: string; email: string }, facts: ApplicantFacts, options: { publicUrl: string; now: number; reminder?: boolean }): Invitation {
  const token = randomToken();
  const expiresAt = options.now + recommendationLimits.linkDays * DAY_MS;
  return {
    tokenHash: hashSecret(RECOMMENDER_TOKEN_SCOPE, token),
    expiresAt,
    mail: invitationMail(to, facts, { publicUrl: options.publicUrl, token, expiresAt }, options.reminder ?? false),
  };
}
