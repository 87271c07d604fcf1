/** What the recommendation calls answer (docs/decisions.md, "Letters of recommendation"). */
export const recommendationCallMessages = {
  notSubmitted: 'Submit your application first: you can ask for letters of recommendation once it is submitted.',
  noLetters: 'Your program does not take letters of recommendation.',
  tooMany: (accepted: number) => `Your program accepts at most ${accepted} letters of recommendation; revoke a request to name someone else.`,
  unknownRequest: 'No request for a letter of recommendation has that id.',
  alreadyReceived: 'This recommender has already sent the letter, so the request can no longer be changed.',
  linkUnknown: 'This link to a letter of recommendation is not valid. Check that you copied the whole link from the e-mail.',
  linkExpired: 'This link to a letter of recommendation has expired. Ask the applicant to send you a new one.',
  linkRevoked: 'This link to a letter of recommendation is no longer valid: the applicant withdrew it or sent a newer one. Use the link in the latest e-mail, or ask the applicant.',
  letterReceived: 'Your letter of recommendation has already been received. Thank you.',
  typedLetterFinal: 'Your letter of recommendation has already been received as you typed it, and a typed letter cannot be replaced. Thank you.',
  fileComplete: "Your letter of recommendation has been received and the applicant's file is now complete, so the letter can no longer be replaced. Thank you.",
  sessionPresent:
    'This page is for the recommender alone, and this browser is signed in to an application. Open the link in a private window or another browser, or log out first.',
} as const;
