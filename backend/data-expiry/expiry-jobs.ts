import os from 'node:os';
import type { Selectable } from 'kysely';
import type { Logger } from 'pino';
import type { ApplicantPurge } from '../applicant-data/delete-applicant';
import { createJobLoop, DEFAULT_LEASE_MS, type JobLoop, type QueueLoopSettings } from '../jobs/job-loop';
import type { Claimed } from '../jobs/job-queue';
import type { Clock } from '../platform/clock';
import type { DataExpirySettings } from '../platform/expiry-settings';
import type { DataExpiryJobsTable } from '../store/data-expiry-schema';
import type { DataExpiryStore } from './data-expiry-store';
import { draftsDue, retentionDue } from './expiry-schedule';
import { draftTimeline } from './expiry-timeline';
import { draftReminderMail } from './reminder-mail';

export interface DataExpiryDeps {
  store: { dataExpiry: DataExpiryStore };
  settings: DataExpirySettings;
  publicUrl: string;
  clock: Clock;
  logger: Logger;
}

/** Who the purge record names as having deleted an expired account. */
export const EXPIRY_PURGED_BY = 'housekeeping';

/**
 * Looks at what has expired (issue 35 item 3): mails each reminder that is due, once (the store's
 * key makes a second instance's do nothing), and records the purge of each draft whose time is up
 * and each submitted application past its retention as a job on the one queue (one job per draft
 * activity, one per application, whichever instance plans it). Returns what it did.
 */
export async function planDataExpiry({ store, settings, publicUrl, clock, logger }: DataExpiryDeps): Promise<{ reminders: number; purges: number }> {
  const now = clock();
  let reminders = 0;
  let purges = 0;
  for (const draft of await draftsDue(store.dataExpiry, settings, now)) {
    const { reminder, expired } = draft.timeline;
    if (reminder && reminder.dueAt <= now) {
      const recorded = { account_id: draft.account_id, activity_at: draft.activity_at, days_before: reminder.daysBefore, deletes_at: reminder.deletesAt };
      if (await store.dataExpiry.remind(recorded, draftReminderMail(draft.username, reminder.deletesAt, publicUrl), now)) reminders += 1;
    } else if (expired) {
      const job = { id: `draft-expiry:${draft.account_id}:${draft.activity_at}`, account_id: draft.account_id, reason: 'draft-expiry' as const, activity_at: draft.activity_at, due_at: now };
      if (await store.dataExpiry.plan(job, now)) purges += 1;
    }
  }
  for (const application of await retentionDue(store.dataExpiry, settings, now)) {
    const job = { id: `retention:${application.account_id}`, account_id: application.account_id, reason: 'retention' as const, activity_at: null, due_at: application.deletesAt };
    if (await store.dataExpiry.plan(job, now)) purges += 1;
  }
  if (reminders + purges > 0) logger.info({ reminders, purges }, 'data expiry: reminders mailed and purges planned');
  return { reminders, purges };
}

export type ExpiryOutcome = 'purged' | 'kept' | 'gone' | 'later' | 'retry' | 'failed';

export interface DataExpiryLoopOptions extends DataExpiryDeps, QueueLoopSettings {
  purge: ApplicantPurge;
}

const RETRY_MS = 10 * 60_000;

/**
 * The expiry purges' loop on the one job queue: each job is claimed by one instance under a lease
 * and goes through the one purge (delete-applicant.ts). A draft's purge runs only if the draft is
 * still idle since the activity it was planned from, its reminders all sent; a submitted one is
 * refused by the purge itself ('kept'). A failure is retried later, then given up (in the log).
 */
export function createDataExpiryLoop(options: DataExpiryLoopOptions): JobLoop {
  const { store, settings, purge, clock, logger } = options;
  const queue = store.dataExpiry.jobs;
  const workerId = options.workerId ?? `${os.hostname()}:${process.pid}:expiry`;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const maxAttempts = options.maxAttempts ?? 5;

  /** What became of the job, or when a draft still idle but not yet due (the settings changed since it was planned) is due. */
  async function purgeOf(job: Claimed<Selectable<DataExpiryJobsTable>>): Promise<Exclude<ExpiryOutcome, 'later' | 'retry' | 'failed'> | number> {
    if (job.reason === 'draft-expiry') {
      const activity = await store.dataExpiry.activityOf(job.account_id);
      if (activity === null || activity !== Number(job.activity_at)) return 'kept';
      const sent = (await store.dataExpiry.remindersOf([job.account_id])).filter((reminder) => reminder.activity_at === activity);
      const timeline = draftTimeline(activity, sent, settings, clock());
      if (!timeline.expired) return timeline.deletesAt;
    }
    const purged = await purge.purge(job.account_id, { unsubmittedOnly: job.reason === 'draft-expiry', reason: job.reason, purgedBy: EXPIRY_PURGED_BY });
    return purged === null ? 'gone' : purged === 'submitted' ? 'kept' : 'purged';
  }

  return createJobLoop<Claimed<Selectable<DataExpiryJobsTable>>, ExpiryOutcome>({
    name: 'data-expiry',
    logger,
    pollMs: options.pollMs ?? 30_000,
    claim: () => queue.claim(workerId, clock(), leaseMs),
    async run(job) {
      try {
        const outcome = await purgeOf(job);
        if (typeof outcome === 'number') {
          // Waits again, uncounted; a reminder still to send is the planner's, and comes first.
          await queue.release(job, clock(), { refund: true, set: { due_at: Math.max(outcome, clock() + RETRY_MS) } });
          return 'later';
        }
        await queue.complete(job, clock(), { outcome });
        return outcome;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        logger.error({ err: error, job: job.id }, 'an expiry purge failed');
        if (job.attempts >= maxAttempts) {
          await queue.fail(job, clock(), { outcome: message });
          return 'failed';
        }
        await queue.release(job, clock(), { set: { outcome: message, due_at: clock() + RETRY_MS } });
        return 'retry';
      }
    },
  });
}

/** How often the jobs' instances look for what expired. */
export const EXPIRY_CHECK_INTERVAL_MS = 10 * 60_000;

/** Where the jobs run: looks at start and every EXPIRY_CHECK_INTERVAL_MS, then pokes the loop; returns how to stop. */
export function startDataExpiry(deps: DataExpiryDeps & { onPlanned: () => void; onMailQueued: () => void }): () => void {
  const look = () => {
    planDataExpiry(deps)
      .then(({ reminders, purges }) => {
        if (reminders > 0) deps.onMailQueued();
        if (purges > 0) deps.onPlanned();
      })
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'data expiry check failed'));
  };
  look();
  const timer = setInterval(look, EXPIRY_CHECK_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
