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
  /** Told of each job's outcome and how long it ran (tests, metrics). */
  onJob?: (outcome: Outcome, jobId: string, seconds: number) => void;
}

export interface JobLoop {
  start(): void;
  /** Stops claiming; resolves once the job in hand, if any, is finished. */
  stop(): Promise<void>;
  /** A job was just recorded: look now rather than at the next poll. */
  poke(): void;
}

/** The longest wait between polls while the store keeps failing. */
const MAX_BACKOFF_MS = 30_000;

/**
 * One job at a time per instance, claimed from the store, so any number of instances can run a
 * loop over one database: the document conversions' and the application PDFs' loops, each with its
 * own claim and work. No error ends the loop: each is logged, and the loop backs off and carries on.
 */
export function createJobLoop<Job extends { id: string }, Outcome extends string = string>(options: JobLoopOptions<Job, Outcome>): JobLoop {
  const log = options.logger.child({ loop: options.name });
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

  async function loop(): Promise<void> {
    let failures = 0;
    while (running) {
      poked = false;
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
      if (running && !poked) await pause(failures === 0 ? options.pollMs : Math.min(MAX_BACKOFF_MS, options.pollMs * 2 ** failures));
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      finished = loop();
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
