import { describe, expect, it } from 'vitest';
import { defaultRetrySchedule, nextRetryDelay } from '../../../../backend/mail/retry-schedule';

describe('the mail retry schedule', () => {
  const schedule = { firstDelayMs: 1_000, maxDelayMs: 5_000, maxAttempts: 5 };

  it('doubles the wait after each failure, up to the cap', () => {
    expect([1, 2, 3, 4].map((attempts) => nextRetryDelay(schedule, attempts))).toEqual([1_000, 2_000, 4_000, 5_000]);
  });

  it('gives up once the last attempt has failed', () => {
    expect(nextRetryDelay(schedule, 5)).toBeNull();
    expect(nextRetryDelay(schedule, 6)).toBeNull();
  });

  it('keeps trying for over an hour and under two by default', () => {
    const waits = Array.from({ length: defaultRetrySchedule.maxAttempts - 1 }, (_, index) => nextRetryDelay(defaultRetrySchedule, index + 1)!);
    const total = waits.reduce((sum, wait) => sum + wait, 0);
    expect(total).toBeGreaterThan(60 * 60_000);
    expect(total).toBeLessThan(2 * 60 * 60_000);
    expect(nextRetryDelay(defaultRetrySchedule, defaultRetrySchedule.maxAttempts)).toBeNull();
  });
});
