// Where a conversion job's time went, from the jobs' rows (their times as the store keeps them):
// the profile the load benchmark's deadline run prints.
import { percentile } from '../stats';

/** A conversion's job as its row tells it (epoch ms). */
export interface JobRow {
  file_key: string;
  status: string;
  attempts: number;
  created_at: number;
  claimed_at: number | null;
  updated_at: number;
}

/** A job slower than this is one of the tail (a soffice start, a long document). */
const SLOW_JOB_MS = 1_000;

export const ms = (value: number) => `${value.toFixed(0)} ms`;
export const p50p99 = (values: readonly number[]) => (values.length === 0 ? '-' : `p50 ${ms(percentile(values, 50))}  p99 ${ms(percentile(values, 99))}`);

/**
 * How busy the instance's worker loop was (it converts one job at a time): the share of the time from
 * its first claim to its last completion spent between a claim and its job's end, and the gaps
 * from one job's end to the next claim while jobs were waiting.
 */
export function workerBusy(rows: readonly JobRow[]): string {
  const jobs = rows.filter((row) => row.claimed_at !== null).sort((a, b) => a.claimed_at! - b.claimed_at!);
  if (jobs.length === 0) return 'worker loop: no job claimed';
  const busy = jobs.reduce((sum, row) => sum + row.updated_at - row.claimed_at!, 0);
  const span = Math.max(...jobs.map((row) => row.updated_at)) - jobs[0]!.claimed_at!;
  // A gap counts only when the next job was already recorded when the one before ended: a wait for work is no gap.
  const gaps = jobs.slice(1).flatMap((row, index) => (row.created_at <= jobs[index]!.updated_at ? [row.claimed_at! - jobs[index]!.updated_at] : []));
  // The few slow jobs (a soffice started: the first Word document of a sandbox process, or its replacement) against the rest.
  const slow = jobs.filter((row) => row.updated_at - row.claimed_at! > SLOW_JOB_MS);
  const slowBusy = slow.reduce((sum, row) => sum + row.updated_at - row.claimed_at!, 0);
  return [
    `worker loop (one job at a time): busy ${((busy / Math.max(1, span)) * 100).toFixed(0)}% of the ${(span / 1000).toFixed(1)} s from its first claim to its last completion, mean job ${ms(busy / jobs.length)} (at most ${(jobs.length / (busy / 1000)).toFixed(1)} jobs/s);`,
    `jobs over ${SLOW_JOB_MS / 1000} s: ${slow.length}, ${((slowBusy / Math.max(1, busy)) * 100).toFixed(0)}% of the busy time; from a job's end to the next claim while jobs waited ${p50p99(gaps)}`,
  ].join(' ');
}

/** The most jobs recorded and not yet claimed at any one moment, from their rows (read after the run). */
export function mostWaiting(rows: readonly JobRow[]): number {
  const events = rows.flatMap((row) => [
    { at: row.created_at, change: 1 },
    // A job never claimed was still waiting when the rows were read.
    { at: row.claimed_at ?? Infinity, change: -1 },
  ]);
  events.sort((a, b) => a.at - b.at || a.change - b.change);
  let waiting = 0;
  let most = 0;
  for (const { change } of events) most = Math.max(most, (waiting += change));
  return most;
}
