import type { Logger } from 'pino';
import type { Clock } from '../platform/clock';
import type { Config } from '../platform/config';
import { applicantFacts, type ApplicantFactsStore } from './applicant-facts';
import { newInvitation } from './invitation-mail';
import type { LetterArrival } from './letter-arrival';
import type { RecommendationStore } from './recommendations-store';

const DAY_MS = 24 * 60 * 60_000;
const INTERVAL_MS = 10 * 60_000;
/** Reminders a run sends at the most; the rest wait for the next run. */
const BATCH = 100;

export interface ReminderDeps {
  store: ApplicantFactsStore & { recommendations: RecommendationStore };
  config: Pick<Config, 'recommendationReminderDays' | 'publicUrl'>;
  clock: Clock;
  logger: Logger;
  /** Told when reminders were recorded in the outbox: the mail sender looks at once. */
  onMailQueued?: () => void;
  /** Receives, on the same beat, uploaded letters converted while their instance stopped before receiving them. */
  arrival?: Pick<LetterArrival, 'receiveConvertedLetters'>;
}

/**
 * Reminds, once, each recommender whose only invitation went `RECOMMENDATION_REMINDER_DAYS` ago
 * without a letter (issue 28 item 2). A reminder carries a new link, since only the hash of the
 * first is kept; the first link then says a newer one was sent. One the applicant already resent is
 * theirs to manage and gets none. Returns how many were sent; instances running this at once send
 * each reminder once (the invitation count is checked in the write).
 */
export async function remindRecommenders({ store, config, clock, logger, onMailQueued }: ReminderDeps): Promise<number> {
  if (config.recommendationReminderDays === 0) return 0;
  const now = clock();
  let sent = 0;
  for (const request of await store.recommendations.dueForReminder(now - config.recommendationReminderDays * DAY_MS, BATCH)) {
    const facts = await applicantFacts(store, request.account_id);
    if (!facts) continue;
    const to = { name: request.recommender_name, email: request.recommender_email };
    const invitation = newInvitation(to, facts, { publicUrl: config.publicUrl, now, reminder: true });
    if (await store.recommendations.reinvite(request.account_id, request.id, invitation, now, request.invitations_sent)) sent += 1;
  }
  if (sent > 0) {
    logger.info({ reminders: sent }, 'recommenders reminded');
    onMailQueued?.();
  }
  return sent;
}

/** Runs the reminders (and the late letters' sweep) every ten minutes where the job loops run; returns how to stop. */
export function startRecommendationReminders(deps: ReminderDeps): () => void {
  const timer = setInterval(() => {
    remindRecommenders(deps).catch((error: unknown) => deps.logger.warn({ err: error }, 'recommendation reminders failed'));
    deps.arrival?.receiveConvertedLetters().catch((error: unknown) => deps.logger.warn({ err: error }, 'receiving converted letters failed'));
  }, INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
