import type { ProfileResponse } from '../../../../../common/api';
import type { ApplicantRecommendation } from '../../../../../common/recommendation-api';

/** A submitted applicant's profile: /completion is their page. */
export const submittedProfile: ProfileResponse = {
  answer: { first_name: 'Ada' },
  document_answer: {},
  username: 'ada@example.edu',
  last_page: '/final-steps',
  successful_login: ['2026-11-01T10:00:00Z'],
  web_status: ['started', 'validating', 'submitted'].map((web_status) => ({ web_status: web_status as 'started', created_at: '2026-11-01T10:00:00Z' })),
};

/** A request as the applicant's list gives it: invited on Nov 2, nothing since, unless overridden. */
export function recommendationRequest(id: string, overrides: Partial<ApplicantRecommendation>): ApplicantRecommendation {
  return {
    id,
    name: `Recommender ${id}`,
    email: `${id}@example.org`,
    relationship: 'Thesis advisor',
    state: 'invited',
    invited_at: '2026-11-02T10:00:00Z',
    last_sent_at: '2026-11-02T10:00:00Z',
    invitations_sent: 1,
    expires_at: '2026-12-02T10:00:00Z',
    opened_at: null,
    received_at: null,
    delivery_failure: null,
    letter_text: null,
    ...overrides,
  };
}
