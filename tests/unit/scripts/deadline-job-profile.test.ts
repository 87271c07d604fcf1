// The deadline run's profile (scripts/bench/load/job-profile.ts): where the conversions' time went,
// read from the jobs' rows, and the two upload questions each simulated applicant fills.
import { describe, expect, it } from 'vitest';
import { SHOWN_UPLOAD_KEYS } from '../../../scripts/bench/load/applicants';
import { mostWaiting, workerBusy, type JobRow } from '../../../scripts/bench/load/job-profile';

const job = (created_at: number, claimed_at: number | null, updated_at: number): JobRow => ({ file_key: `k${created_at}`, status: 'COMPLETED', attempts: 1, created_at, claimed_at, updated_at });

describe('the deadline run profile', () => {
  it('counts the most jobs recorded and not yet claimed at one moment', () => {
    // Three recorded at 0, 10 and 20; claimed at 5, 30 and 40: two wait together from 20 to 30 (the first was claimed at 5).
    expect(mostWaiting([job(0, 5, 8), job(10, 30, 35), job(20, 40, 45)])).toBe(2);
    // Jobs claimed in the millisecond they are recorded never wait.
    expect(mostWaiting([job(0, 0, 10), job(10, 10, 20)])).toBe(0);
    // Jobs never claimed were still waiting when the rows were read.
    expect(mostWaiting([job(0, 5, 8), job(10, null, 10), job(20, null, 20)])).toBe(2);
  });

  it('reports the worker loop busy share and the gaps between jobs only while jobs waited', () => {
    // Busy 0-100 and 110-210 of 0-210 (95%); the second job was waiting at 100, so the gap of 10 ms counts.
    expect(workerBusy([job(0, 0, 100), job(50, 110, 210)])).toMatch(/busy 95% of the 0\.2 s .* mean job 100 ms .* waited p50 10 ms {2}p99 10 ms$/);
    // One job of 3 s and three of 100 ms: one job over 1 s, 3,000 of the 3,300 ms busy.
    expect(workerBusy([job(0, 0, 100), job(0, 100, 3100), job(0, 3100, 3200), job(0, 3200, 3300)])).toMatch(/jobs over 1 s: 1, 91% of the busy time/);
    // A job recorded after the one before ended had no one waiting: no gap.
    expect(workerBusy([job(0, 0, 100), job(500, 500, 600)])).toMatch(/waited -$/);
    expect(workerBusy([job(0, null, 0)])).toBe('worker loop: no job claimed');
  });

  it('has each applicant upload to two questions its application shows: a Word document and a photo', () => {
    expect(SHOWN_UPLOAD_KEYS.length).toBeGreaterThanOrEqual(2);
  });
});
