import type { RateLimit } from '../security/rate-limiter';

const MINUTES = 60_000;

/**
 * Invitations an applicant may have mailed in a day, naming, resending and replacing alike: a
 * program takes at most three letters, so ten leave room for a typo and a reminder each, and too
 * few to use the outbox to send mail to strangers.
 */
export const INVITATIONS_PER_DAY = 10;

/** Links that open nothing, per client address: a recommender mistyping a copied link a few times is never stopped; guessing a 256-bit token is hopeless anyway. */
export const TOKEN_GUESSES_PER_ADDRESS: RateLimit = { max: 30, windowMs: 15 * MINUTES };

/**
 * Upload forms and conversions a recommender's link may ask for in an hour: a letter takes one or
 * two, a recommender fighting a refused file a handful; a link is not a way to fill the converters.
 */
export const LETTER_FILES_PER_LINK: RateLimit = { max: 20, windowMs: 60 * MINUTES };

export const recommendationRateLimits = {
  invitation: { account: { max: INVITATIONS_PER_DAY, windowMs: 24 * 60 * MINUTES } },
  recommenderToken: { address: TOKEN_GUESSES_PER_ADDRESS },
  /** Counted per request (the `account` key holds the request's id). */
  letterFile: { account: LETTER_FILES_PER_LINK },
};
