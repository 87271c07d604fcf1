import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { systemClock, type Clock } from '../clock';
import type { ConversionRunner } from '../documents/runner/conversion-runner';
import type { ObjectStore } from '../storage';
import type { Store } from '../store';
import { convertJob, type JobOutcome } from './convert-job';

export interface WorkerLoopOptions {
  store: Store;
  objects: ObjectStore;
  runner: Pick<ConversionRunner, 'run'>;
  logger: Logger;
  clock?: Clock;
  /** Names this loop in the jobs it claims (claimed_by); unique per instance by default. */
  workerId?: string;
  /** How often the store is asked for a job when there was none. */
  pollMs?: number;
  /**
   * A job claimed longer ago than this is taken to be abandoned (its instance stopped) and is
   * claimed again. Well above the runner's time limit (30 s), so a live conversion keeps its claim.
   */
  leaseMs?: number;
  maxAttempts?: number;
  /** Told of each job's outcome (tests, logs). */
  onJob?: (outcome: JobOutcome, jobId: string) => void;
}

export interface WorkerLoop {
  readonly workerId: string;
  start(): void;
  /** Stops claiming; resolves once the job in hand, if any, is finished or given back. */
  stop(): Promise<void>;
  /** A job was just recorded: look now rather than at the next poll. */
  poke(): void;
}

export const DEFAULT_POLL_MS = 500;
export const DEFAULT_LEASE_MS = 2 * 60_000;
export const DEFAULT_MAX_ATTEMPTS = 3;
/** The longest wait between polls while the store keeps failing. */
const MAX_BACKOFF_MS = 30_000;

/**
 * The conversion jobs' worker loop: one job at a time per instance (the runner's threads do the
 * work; the machines have two cores). Jobs are claimed from the store atomically, so any number of
 * instances can run a loop over one PostgreSQL. No error ends the loop: each is logged, and the
 * loop carries on.
 */
export function createWorkerLoop(options: WorkerLoopOptions): WorkerLoop {
  const { store, logger } = options;
  const clock = options.clock ?? systemClock;
  const workerId = options.workerId ?? `worker-${randomUUID()}`;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const deps = { store, objects: options.objects, runner: options.runner, clock, logger, maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS };
  const log = logger.child({ workerId });

  let running = false;
  let poked = false;
  let finished: Promise<void> = Promise.resolve();
  let wake: (() => void) | null = null;

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  }

  async function run(): Promise<void> {
    let failures = 0;
    while (running) {
      poked = false;
      try {
        const job = await store.conversions.claim(workerId, clock(), leaseMs);
        failures = 0;
        if (job) {
          const outcome = await convertJob(deps, job);
          log.debug({ conversion: job.id, outcome }, 'conversion job done');
          options.onJob?.(outcome, job.id);
          continue;
        }
      } catch (error) {
        failures += 1;
        log.error({ err: error }, 'conversion worker loop error');
      }
      if (running && !poked) await pause(failures === 0 ? pollMs : Math.min(MAX_BACKOFF_MS, pollMs * 2 ** failures));
    }
  }

  return {
    workerId,
    start() {
      if (running) return;
      running = true;
      finished = run();
    },
    async stop() {
      running = false;
      wake?.();
      await finished;
    },
    poke() {
      poked = true;
      wake?.();
    },
  };
}
