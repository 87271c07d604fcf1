import type { Logger } from 'pino';

export interface JobLoopOptions<Job extends { id: string }, Outcome extends string = string> {
  /** Names the loop in its log lines. */
  name: string;
  /** Takes one job atomically from the store, or null when none waits. */
  claim(): Promise<Job | null>;
  /** Does the job; returns what became of it (for the log and onJob). Errors are logged, never fatal. */
  run(job: Job): Promise<Outcome>;
  logger: Logger;
  pollMs: number;
  /** Jobs run at once: each lane claims and runs one job at a time. 1 unless set. */
  lanes?: number;
  /** Told of each job's outcome and how long it ran (tests, metrics). */
  onJob?: (outcome: Outcome, jobId: string, seconds: number) => void;
}

/** What every loop over a job queue is told beside its work (each feature's loop options extend it). */
export interface QueueLoopSettings {
  /** Names this loop in the jobs it claims (claimed_by); unique per instance by default. */
  workerId?: string;
  /** How often the store is asked for a job when there was none and nothing poked the loop. */
  pollMs?: number;
  /**
   * A job claimed longer ago than this is taken to be abandoned (its instance stopped) and is
   * claimed again: well above the longest a job may run, so a live loop keeps its claim.
   */
  leaseMs?: number;
  /** Claims a job gets before it fails for good. */
  maxAttempts?: number;
}

/** Two minutes: far above a conversion's time limit (30 s), a PDF's and SMTP's timeouts. */
export const DEFAULT_LEASE_MS = 2 * 60_000;

export interface JobLoop {
  start(): void;
  /** Stops claiming; resolves once the jobs in hand, if any, are finished. */
  stop(): Promise<void>;
  /** A job was just recorded: look now rather than at the next poll. */
  poke(): void;
}

/** One lane of a loop: whether it was poked since it last looked, and how to wake it from its pause. */
interface Lane {
  poked: boolean;
  wake: (() => void) | null;
}

/** The longest wait between polls while the store keeps failing. */
const MAX_BACKOFF_MS = 30_000;

/**
 * A few jobs at a time per instance (one a lane), each claimed from the store, so any number of
 * instances can run a loop over one database: the document conversions' and the application PDFs'
 * loops, each with its own claim and work. No error ends the loop: each is logged, and the lane
 * backs off and carries on.
 */
export function createJobLoop<Job extends { id: string }, Outcome extends string = string>(options: JobLoopOptions<Job, Outcome>): JobLoop {
  const log = options.logger.child({ loop: options.name });
  const lanes: Lane[] = Array.from({ length: Math.max(1, options.lanes ?? 1) }, () => ({ poked: false, wake: null }));
  let running = false;
  let finished: Promise<unknown> = Promise.resolve();

  function pause(lane: Lane, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        lane.wake = null;
        resolve();
      }
      lane.wake = done;
    });
  }

  async function loop(lane: Lane): Promise<void> {
    let failures = 0;
    while (running) {
      lane.poked = false;
      try {
        const job = await options.claim();
        failures = 0;
        if (job) {
          const started = performance.now();
          const outcome = await options.run(job);
          const seconds = (performance.now() - started) / 1000;
          log.debug({ job: job.id, outcome, ms: Math.round(seconds * 1000) }, 'job done');
          options.onJob?.(outcome, job.id, seconds);
          continue;
        }
      } catch (error) {
        failures += 1;
        log.error({ err: error }, 'job loop error');
      }
      if (running && !lane.poked) await pause(lane, failures === 0 ? options.pollMs : Math.min(MAX_BACKOFF_MS, options.pollMs * 2 ** failures));
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      finished = Promise.all(lanes.map(loop));
    },
    async stop() {
      running = false;
      for (const lane of lanes) lane.wake?.();
      await finished;
    },
    poke() {
      for (const lane of lanes) {
        lane.poked = true;
        lane.wake?.();
      }
    },
  };
}
