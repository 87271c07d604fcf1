import type { Logger } from 'pino';
import { sessionPolicy } from '../auth/session-service';
import type { Clock } from '../platform/clock';
import { HOUR_MS } from '../platform/clock';
import type { Config } from '../platform/config';
import type { ObjectStore } from '../storage';
import type { AccessTokenStore } from '../access-tokens/access-tokens-store';
import type { RateLimitStore } from '../auth/rate-limits-store';
import type { SessionStore } from '../auth/sessions-store';
import type { MailOutboxStore } from '../mail/mail-outbox-store';
import type { RecommendationStore } from '../recommendations/recommendations-store';
import type { StaffStore } from '../staff/staff-store';
import { sweepUploads, type UploadSweepStore } from './upload-sweep';
import { STAFF_SESSION_POLICY } from '../staff/staff-sessions';

/** The store parts housekeeping clears: whatever expires, of the applicant's side and the staff's. */
export interface HousekeepingStore extends UploadSweepStore {
  sessions: SessionStore;
  staff: StaffStore;
  rateLimits: RateLimitStore;
  accessTokens: AccessTokenStore;
  mailOutbox: MailOutboxStore;
  recommendations: RecommendationStore;
}

const INTERVAL_MS = 10 * 60_000;

export interface HousekeepingDeps {
  store: HousekeepingStore;
  objects: ObjectStore;
  config: Config;
  clock: Clock;
  logger: Logger;
}

/**
 * Deletes ended sessions, old rate-limit windows, expired access tokens (expired rows are
 * already ignored when read), expired staff invitations and finished mails, and the uploads and
 * PDFs no document needs (upload-sweep.ts).
 */
export async function purgeExpired({ store, objects, config, clock, logger }: HousekeepingDeps): Promise<void> {
  const now = clock();
  await store.sessions.deleteExpired(now, now - sessionPolicy(config).idleMs);
  await store.staff.sessions.deleteExpired(now, now - STAFF_SESSION_POLICY.idleMs);
  // An expired staff invitation says no more than an unknown link, and holds a TOTP secret: it goes.
  await store.staff.purgeExpiredInvitations(now);
  await store.rateLimits.purgeBefore(now - 24 * HOUR_MS);
  // Expired links keep saying 'expired' (not 'unknown') for 30 days, then go.
  await store.accessTokens.deleteExpiredBefore(now - 30 * 24 * HOUR_MS);
  // Finished mails (their bodies already blank) stay a week, for whoever asks whether one left; a
  // refused invitation's reply is kept on its letter request first, for the applicant's checklist.
  await store.recommendations.keepDeliveryFailures();
  await store.mailOutbox.purgeFinishedBefore(now - 7 * 24 * HOUR_MS);
  await sweepUploads({ store, objects, logger }, now);
}

export function startHousekeeping(deps: HousekeepingDeps): () => void {
  const timer = setInterval(() => {
    purgeExpired(deps).catch((error: unknown) => deps.logger.warn({ err: error }, 'housekeeping failed'));
  }, INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
