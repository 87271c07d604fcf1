/** What the token calls, the admin endpoint and the commands say (docs/decisions.md, "Service and prefill tokens"). */
export const tokenMessages = {
  serviceMalformed: 'This link is incomplete: its service_token is missing or malformed. Copy the whole link and try again.',
  serviceUnknown: 'This service link is not valid. Ask the admissions office for a new link.',
  serviceExpired: 'This service link has expired. Ask the admissions office for a new link.',
  prefillMalformed: 'This link is incomplete: its token is missing or malformed. Copy the whole link and try again.',
  prefillUnknown: 'This link to a prefilled application is not valid. You can still fill in the application yourself.',
  prefillExpired: 'This link to a prefilled application has expired. You can still fill in the application yourself.',
  noDocument: 'No converted document was found for that question of this application.',
  pdfPreparing: 'The application PDF is being prepared. Try again in a few seconds.',
  unknownApplicant: 'No applicant account has that e-mail address.',
  badUsername: 'username must be the applicant\'s e-mail address.',
  badDays: (max: number) => `days must be a whole number from 1 to ${max}.`,
  uploadNotPrefillable: 'A document cannot be prefilled: the applicant uploads it after creating an account.',
  refusedAnswers: 'Some answers cannot be prefilled, so no link was made.',
  noAnswers: 'Give at least one answer to fill in.',
  adminKeyWrong: 'The admin API key is missing or wrong. Send it as Authorization: Bearer <ADMIN_API_KEY>.',
} as const;
