import type { Clock } from '../platform/clock';
import { HttpError } from '../http/errors';
import type { RateLimitStore } from './rate-limits-store';

export interface RateLimit {
  max: number;
  windowMs: number;
}

/** Limits per action, per account and per client address. */
export interface RateLimits {
  login: { account: RateLimit; address: RateLimit };
  signup: { address: RateLimit };
  confirm: { account: RateLimit; address: RateLimit };
  resend: { account: RateLimit; address: RateLimit };
  forgot: { account: RateLimit; address: RateLimit };
  reset: { account: RateLimit; address: RateLimit };
}

const MINUTES = 60_000;

/**
 * Campus kiosks share one address, so the per-address limits leave room for a room full of
 * applicants; the per-account limits are what stop guessing.
 */
export const defaultRateLimits: RateLimits = {
  login: { account: { max: 10, windowMs: 15 * MINUTES }, address: { max: 300, windowMs: 15 * MINUTES } },
  signup: { address: { max: 100, windowMs: 60 * MINUTES } },
  confirm: { account: { max: 10, windowMs: 15 * MINUTES }, address: { max: 300, windowMs: 15 * MINUTES } },
  resend: { account: { max: 5, windowMs: 60 * MINUTES }, address: { max: 100, windowMs: 60 * MINUTES } },
  forgot: { account: { max: 5, windowMs: 60 * MINUTES }, address: { max: 100, windowMs: 60 * MINUTES } },
  reset: { account: { max: 10, windowMs: 15 * MINUTES }, address: { max: 300, windowMs: 15 * MINUTES } },
};

/** Takes back the attempt just counted: it succeeded, and only failures are limited. */
export type ForgiveAttempt = () => Promise<void>;

export type RateLimiter<Action extends string = keyof RateLimits> = (action: Action, keys: { account?: string; address: string }) => Promise<ForgiveAttempt>;

/**
 * Limits per action: per account, per client address, and per pair of the two (`addressAccount`,
 * which slows one address guessing at one account without touching the account from elsewhere).
 */
export type ActionLimits<L> = { [Action in keyof L]: Partial<Record<'account' | 'address' | 'addressAccount', RateLimit>> };

/**
 * Counts an attempt in each bucket of the action before the work is done (so parallel attempts
 * cannot slip past the limit), refuses it with 429 past a limit, and returns how to take the
 * count back for a caller that limits failures only.
 */
export function createRateLimiter<L extends ActionLimits<L> = RateLimits>(store: { rateLimits: RateLimitStore }, limits: L, clock: Clock): RateLimiter<keyof L & string> {
  return async (action, keys) => {
    const limit = limits[action];
    const checks: [string, RateLimit][] = [];
    if (limit.address) checks.push([`${action}:address:${keys.address}`, limit.address]);
    if (limit.addressAccount && keys.account) checks.push([`${action}:address-account:${keys.address}:${keys.account}`, limit.addressAccount]);
    if (limit.account && keys.account) checks.push([`${action}:account:${keys.account}`, limit.account]);
    const counted: [string, number][] = [];
    for (const [bucket, { max, windowMs }] of checks) {
      const now = clock();
      const windowStart = now - (now % windowMs);
      const hits = await store.rateLimits.hit(bucket, windowStart);
      counted.push([bucket, windowStart]);
      if (hits > max) {
        const retryAfterSeconds = Math.ceil((windowStart + windowMs - now) / 1000);
        const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
        throw new HttpError(
          429,
          `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
          undefined,
          { 'Retry-After': String(retryAfterSeconds) },
        );
      }
    }
    return async () => {
      for (const [bucket, windowStart] of counted) await store.rateLimits.forgive(bucket, windowStart);
    };
  };
}
