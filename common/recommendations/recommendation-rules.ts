import { object, string } from 'yup';
import { email } from '../auth/card-schemas';
import { recommendationLimits } from '../recommendation-api';

/**
 * What the applicant and the recommender are told (issue 28 items 2 and 5). The checks of the
 * bodies are here, for the renderer's forms and the server's routes alike (STYLE.md item 7); the
 * characters a string may hold are checked for every body before any route (text-characters.ts).
 */
export const recommendationMessages = {
  nameRequired: "Enter your recommender's name.",
  nameTooLong: `A recommender's name must be at most ${recommendationLimits.nameMax} characters long.`,
  emailInvalid: "Enter your recommender's e-mail address.",
  relationshipRequired: 'Say how the recommender knows you (for example: thesis advisor, manager).',
  relationshipTooLong: `The relationship must be at most ${recommendationLimits.relationshipMax} characters long.`,
  ownEmail: 'Your recommender must be someone else: enter their e-mail address, not yours.',
  letterRequired: 'Type your letter before submitting it.',
  letterTooLong: `A letter must be at most ${recommendationLimits.letterMax.toLocaleString('en-US')} characters long.`,
} as const;

/** The body that names a recommender (POST /api/recommendations, PUT /api/recommendations/:id). */
export const recommenderSchema = object({
  name: string()
    .typeError(recommendationMessages.nameRequired)
    .trim()
    .required(recommendationMessages.nameRequired)
    .max(recommendationLimits.nameMax, recommendationMessages.nameTooLong),
  email: email(recommendationMessages.emailInvalid),
  relationship: string()
    .typeError(recommendationMessages.relationshipRequired)
    .trim()
    .required(recommendationMessages.relationshipRequired)
    .max(recommendationLimits.relationshipMax, recommendationMessages.relationshipTooLong),
});

/** The body of a typed letter. Its length is counted in characters as typed, line breaks included. */
export const letterSchema = object({
  letter_text: string()
    .typeError(recommendationMessages.letterRequired)
    .required(recommendationMessages.letterRequired)
    .test('letter-not-blank', recommendationMessages.letterRequired, (value) => !!value && value.trim() !== '')
    .max(recommendationLimits.letterMax, recommendationMessages.letterTooLong),
});

/**
 * Whether the address is the applicant's own: the account's username or the e-mail answer,
 * compared without regard to case or surrounding space (issue 28 item 5).
 */
export function isOwnEmail(address: string, own: readonly (string | null | undefined)[]): boolean {
  const normalized = address.trim().toLowerCase();
  return own.some((mine) => typeof mine === 'string' && mine.trim().toLowerCase() === normalized);
}
