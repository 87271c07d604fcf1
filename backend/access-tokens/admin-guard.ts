import { createHash, timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Clock } from '../platform/clock';
import { clientAddress } from '../http/client-address';
import { HttpError } from '../http/errors';
import type { RateLimitStore } from '../security/rate-limits-store';
import { tokenMessages } from './token-messages';

/** Requests per client address, as generous as login's: staff may mint links for a whole list. */
export const ADMIN_RATE_LIMIT = { max: 300, windowMs: 15 * 60_000 };

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Guards the admin endpoint with ADMIN_API_KEY sent as a Bearer token. Both sides are hashed to
 * one length first, so the comparison takes the same time whatever the key sent.
 */
export function adminGuard(adminApiKey: string, store: { rateLimits: RateLimitStore }, clock: Clock): Middleware {
  const expected = digest(adminApiKey);
  return async (ctx, next) => {
    const now = clock();
    const windowStart = now - (now % ADMIN_RATE_LIMIT.windowMs);
    const hits = await store.rateLimits.hit(`admin:address:${clientAddress(ctx)}`, windowStart);
    if (hits > ADMIN_RATE_LIMIT.max) {
      const retryAfterSeconds = Math.ceil((windowStart + ADMIN_RATE_LIMIT.windowMs - now) / 1000);
      throw new HttpError(429, 'Too many admin requests. Please wait and try again.', undefined, { 'Retry-After': String(retryAfterSeconds) });
    }
    const sent = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'))?.[1] ?? '';
    if (!timingSafeEqual(digest(sent), expected)) {
      throw new HttpError(401, tokenMessages.adminKeyWrong, undefined, { 'WWW-Authenticate': 'Bearer' });
    }
    await next();
  };
}
