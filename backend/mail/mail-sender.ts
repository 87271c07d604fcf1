import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { systemClock, type Clock } from '../platform/clock';
import { createJobLoop, DEFAULT_LEASE_MS, type QueueLoopSettings } from '../jobs/job-loop';
import type { ClaimedMail, MailOutboxStore } from './mail-outbox-store';
import type { Mailer } from './mailer';
import { defaultRetrySchedule, nextRetryDelay, type RetrySchedule } from './retry-schedule';

export type MailOutcome = 'sent' | 'retry' | 'failed' | 'replaced' | 'superseded';

/** Why a mail was given up unsent: a later one of its kind (a newer confirmation code) was recorded. */
export const REPLACED_MAIL_ERROR = 'replaced by a later mail of the same kind before it was sent';

/** The outbox is also looked at when nothing pokes the sender: retries fall due, other instances record mails. */
export interface MailSenderOptions extends Pick<QueueLoopSettings, 'pollMs' | 'leaseMs'> {
  store: { mailOutbox: MailOutboxStore };
  mailer: Mailer;
  logger: Logger;
  clock?: Clock;
  /** Names this sender in the mails it claims (claimed_by); unique per instance by default. */
  senderId?: string;
  /** When a failed mail is tried again, and when it is given up (instead of a number of attempts). */
  retry?: RetrySchedule;
  /** Told of each mail's outcome (tests, metrics). */
  onMail?: (outcome: MailOutcome, mailId: string) => void;
}

export interface MailSender {
  readonly senderId: string;
  start(): void;
  /** Stops claiming; resolves once the mail in hand, if any, is sent or put back. */
  stop(): Promise<void>;
  /** A mail was just recorded: look now rather than at the next poll. */
  poke(): void;
}

const DEFAULT_MAIL_POLL_MS = 1_000;

/** What the mail server (or the file outbox) said, short enough for a column and a log line. */
function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500);
}

/** An SMTP 5xx reply (nodemailer's responseCode): the server refuses the mail for good, as a mistyped address makes it. */
function refusedForGood(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Sends one claimed mail. Success marks it SENT and blanks its body; a failure of any kind (server
 * down, a 4xx or 5xx answer, a timeout) puts it back until the schedule's next attempt, or gives it
 * up with an error log after the last one; a 5xx answer is marked refused, for whoever asked for the mail.
 */
async function sendOne(options: Required<Pick<MailSenderOptions, 'store' | 'mailer' | 'clock' | 'retry'>> & { logger: Logger }, mail: ClaimedMail): Promise<MailOutcome> {
  const { store, clock, retry } = options;
  // An older code that waited out a mail server's outage must not arrive after the newer one.
  if (await store.mailOutbox.replacedByLater(mail)) {
    return (await store.mailOutbox.giveUp(mail, REPLACED_MAIL_ERROR, clock())) ? 'replaced' : 'superseded';
  }
  try {
    await options.mailer.send({ id: mail.id, to: mail.recipient, subject: mail.subject, text: mail.body });
  } catch (error) {
    const reason = describe(error);
    const refused = refusedForGood(error);
    const delay = nextRetryDelay(retry, mail.attempts);
    const log = options.logger.child({ mail: mail.id, attempt: mail.attempts });
    if (delay === null) {
      log.error({ err: error }, `mail given up after ${mail.attempts} attempts`);
      return (await store.mailOutbox.giveUp(mail, reason, clock(), refused)) ? 'failed' : 'superseded';
    }
    log.warn({ err: error, retryInMs: delay }, 'mail not sent; trying again later');
    const now = clock();
    return (await store.mailOutbox.retryLater(mail, reason, now + delay, now, refused)) ? 'retry' : 'superseded';
  }
  return (await store.mailOutbox.markSent(mail, clock())) ? 'sent' : 'superseded';
}

/**
 * The mail outbox's sender: one mail at a time per instance, claimed from the store under a lease,
 * so any number of instances can run one over a shared PostgreSQL and each mail is sent once. It
 * runs wherever the job loops run (DESIGN.md section 12: the worker role, or `all`).
 */
export function createMailSender(options: MailSenderOptions): MailSender {
  const clock = options.clock ?? systemClock;
  const senderId = options.senderId ?? `mail-${randomUUID()}`;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const logger = options.logger.child({ senderId });
  const deps = { store: options.store, mailer: options.mailer, clock, retry: options.retry ?? defaultRetrySchedule, logger };
  const loop = createJobLoop<ClaimedMail, MailOutcome>({
    name: 'mail',
    claim: () => options.store.mailOutbox.claim(senderId, clock(), leaseMs),
    run: (mail) => sendOne(deps, mail),
    logger,
    pollMs: options.pollMs ?? DEFAULT_MAIL_POLL_MS,
    onJob: options.onMail,
  });
  return {
    senderId,
    start: loop.start,
    stop: loop.stop,
    // After the answer that recorded the mail has left: the request's own time never includes sending.
    poke: () => void setImmediate(loop.poke),
  };
}
