/** How a mail that failed is tried again: exponential backoff, capped, then given up. */
export interface RetrySchedule {
  /** The wait after the first failed attempt; each further failure doubles it. */
  firstDelayMs: number;
  /** The longest wait between two attempts. */
  maxDelayMs: number;
  /** Attempts in all; the mail is given up after the last one fails. */
  maxAttempts: number;
}

/** 5 s, 10 s, 20 s ... capped at 30 min, 12 attempts: about 1 h 40 min of trying, inside a code's or a link's lifetime. */
export const defaultRetrySchedule: RetrySchedule = { firstDelayMs: 5_000, maxDelayMs: 30 * 60_000, maxAttempts: 12 };

/** The wait before the next attempt after `attempts` failed ones, or null when the mail is to be given up. */
export function nextRetryDelay(schedule: RetrySchedule, attempts: number): number | null {
  if (attempts >= schedule.maxAttempts) return null;
  return Math.min(schedule.maxDelayMs, schedule.firstDelayMs * 2 ** Math.max(0, attempts - 1));
}
