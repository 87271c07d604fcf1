import type { Logger } from 'pino';
import { sessionPolicy } from '../auth/session-service';
import type { Clock } from '../clock';
import { HOUR_MS } from '../clock';
import type { Config } from '../config';
import type { Store } from '../store';

const INTERVAL_MS = 10 * 60_000;

/** Deletes ended sessions and old rate-limit windows; expired rows are already ignored when read. */
export async function purgeExpired(store: Store, config: Config, clock: Clock): Promise<void> {
  const now = clock();
  await store.sessions.deleteExpired(now, now - sessionPolicy(config).idleMs);
  await store.rateLimits.purgeBefore(now - 24 * HOUR_MS);
  // Expired links keep saying 'expired' (not 'unknown') for 30 days, then go.
  await store.accessTokens.deleteExpiredBefore(now - 30 * 24 * HOUR_MS);
}

export function startHousekeeping(store: Store, config: Config, clock: Clock, logger: Logger): () => void {
  const timer = setInterval(() => {
    purgeExpired(store, config, clock).catch((error: unknown) => logger.warn({ err: error }, 'housekeeping failed'));
  }, INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
