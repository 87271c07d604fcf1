import { describe, expect, it } from 'vitest';
import { newInvitation } from '../../../../backend/recommendations/invitation-mail';
import { formatDay } from '../../../../common/form/format-day';
import type { ApplicantFacts } from '../../../../backend/recommendations/applicant-facts';

const facts: ApplicantFacts = { name: 'Ada Lovelace', programLabel: 'Mathematics', letters: { required: 2, accepted: 3 }, waived: true, ownEmails: [], accountEmail: 'ada@example.com' };
const recommender = { name: 'Charles Babbage', email: 'cb@example.com' };

describe("the recommender's invitation mail (issue 33 item 7)", () => {
  it("states the link's last day as the checklist does: the school's day, written 'Jan 5, 2027'", () => {
    // 22:00 in New York on Dec 6 is 03:00 UTC on Dec 7: thirty days on, UTC's day is already Jan 6.
    const invitation = newInvitation(recommender, facts, { publicUrl: 'https://apply.example.edu', now: Date.UTC(2026, 11, 7, 3) });
    // The applicant's letters section says "The link we sent works until" formatDay(expires_at).
    expect(formatDay(new Date(invitation.expiresAt).toISOString())).toBe('Jan 5, 2027');
    expect(invitation.mail.body).toContain('The link works until Jan 5, 2027.');
    expect(invitation.mail.body).not.toContain('2027-01-06');
  });

  it('says the same day in a reminder', () => {
    const invitation = newInvitation(recommender, facts, { publicUrl: 'https://apply.example.edu', now: Date.UTC(2026, 5, 1, 15), reminder: true });
    expect(invitation.mail.body).toContain(`The link works until ${formatDay(invitation.expiresAt)}.`);
    expect(invitation.mail.body).toContain('Jul 1, 2026');
  });
});
