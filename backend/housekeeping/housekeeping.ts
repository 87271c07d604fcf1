import type { Logger } from 'pino';
import { sessionPolicy } from '../auth/session-service';
import type { Clock } from '../platform/clock';
import { HOUR_MS } from '../platform/clock';
import type { Config } from '../platform/config';
import type { ObjectStore } from '../storage';
import type { AccessTokenStore } from '../access-tokens/access-tokens-store';
import type { RateLimitStore } from '../security/rate-limits-store';
import type { SessionStore } from '../auth/sessions-store';
import type { MailOutboxStore } from '../mail/mail-outbox-store';
import type { RecommendationStore } from '../recommendations/recommendations-store';
import type { StaffStore } from '../staff/staff-store';
import { sweepUploads, UPLOAD_SWEEP_GRACE_MS, type UploadSweepStore } from './upload-sweep';
import type { ApplicantDataStore } from '../applicant-data/applicant-data-store';
import type { DataExpiryStore } from '../data-expiry/data-expiry-store';
import { createApplicantPurge } from '../applicant-data/delete-applicant';
import { STAFF_SESSION_POLICY } from '../staff/staff-sessions';

/** The store parts housekeeping clears: whatever expires, of the applicant's side and the staff's. */
export interface HousekeepingStore extends UploadSweepStore {
  sessions: SessionStore;
  staff: StaffStore;
  rateLimits: RateLimitStore;
  accessTokens: AccessTokenStore;
  mailOutbox: MailOutboxStore;
  recommendations: RecommendationStore;
  applicantData: ApplicantDataStore;
  dataExpiry: DataExpiryStore;
}

const INTERVAL_MS = 10 * 60_000;

/** The checklist's catch-up (backend/checklist): the summaries and receipts of submitted files that have none, a batch a call; how many it made. */
export interface ChecklistCatchUp {
  refreshMissing(): Promise<number>;
}

/** Batches of the checklist's catch-up in one round: a store upgraded with many files catches up over a few rounds, a round staying short. */
const CATCH_UP_BATCHES_PER_ROUND = 20;

export interface HousekeepingDeps {
  store: HousekeepingStore;
  objects: ObjectStore;
  config: Config;
  clock: Clock;
  logger: Logger;
  /** Where the jobs run, the checklist's catch-up; the inbox's listing makes it too. */
  checklist?: ChecklistCatchUp;
}

/**
 * Deletes ended sessions, old rate-limit windows, expired access tokens (expired rows are
 * already ignored when read), expired staff invitations and finished mails, and the uploads and
 * PDFs no document needs (upload-sweep.ts); then makes the checklist summaries and receipts that
 * failed after a Submit, so that they never wait for a staff member to list the inbox.
 */
export async function purgeExpired({ store, objects, config, clock, logger, checklist }: HousekeepingDeps): Promise<void> {
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
  // A deleted account's files that the object store failed to remove at the time (issue 35 item 4).
  await createApplicantPurge({ store, objects, clock, logger }).sweep(UPLOAD_SWEEP_GRACE_MS);
  // Finished expiry purges (issue 35 item 3) are recorded in applicant_purges: their jobs go after 30 days.
  await store.dataExpiry.deleteFinishedBefore(now - 30 * 24 * HOUR_MS);
  if (checklist) await catchUpChecklists(checklist, logger);
}

async function catchUpChecklists(checklist: ChecklistCatchUp, logger: Logger): Promise<void> {
  let made = 0;
  for (let batch = 0; batch < CATCH_UP_BATCHES_PER_ROUND; batch += 1) {
    const count = await checklist.refreshMissing();
    made += count;
    if (count === 0) break;
  }
  if (made > 0) logger.info({ made }, 'housekeeping made the checklist summaries that submitted files lacked');
}

export function startHousekeeping(deps: HousekeepingDeps): () => void {
  const timer = setInterval(() => {
    purgeExpired(deps).catch((error: unknown) => deps.logger.warn({ err: error }, 'housekeeping failed'));
  }, INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
