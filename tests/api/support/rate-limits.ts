import type { RateLimit, RateLimits } from '../../../backend/security/rate-limiter';

/** The same limit for every action, per account and per address: a roomy one keeps limits out of a test's way. */
export function sameLimitEverywhere(limit: RateLimit): RateLimits {
  const both = { account: limit, address: limit };
  return { login: both, signup: { address: limit }, confirm: both, resend: both, forgot: both, reset: both };
}
