import { randomUUID } from 'node:crypto';
import type { InstanceRole } from '../../common/api';
import type { Logger } from 'pino';
import { systemClock, type Clock } from '../platform/clock';
import type { ConversionRunner } from '../sandbox/conversion-runner';
import type { ObjectStore } from '../storage';
import type { ClaimedConversion, ConversionStore } from './conversions-store';
import { createJobLoop, DEFAULT_LEASE_MS, type QueueLoopSettings } from '../jobs/job-loop';
import { convertJob, type JobOutcome } from './convert-job';

export interface WorkerLoopOptions extends QueueLoopSettings {
  store: { conversions: ConversionStore };
  objects: ObjectStore;
  runner: Pick<ConversionRunner, 'run'>;
  logger: Logger;
  clock?: Clock;
  /** Conversions run at once by this instance: as many as its sandbox has processes (1 unless set). */
  lanes?: number;
  /** Told of each job completed, after it is stored (a recommender's letter arrives, the checklist changes). */
  onCompleted?: (job: ClaimedConversion) => Promise<void>;
  /** Told of each job's outcome (tests, logs). */
  onJob?: (outcome: JobOutcome, jobId: string, seconds: number) => void;
}

export interface WorkerLoop {
  readonly workerId: string;
  start(): void;
  /** Stops claiming; resolves once the job in hand, if any, is finished or given back. */
  stop(): Promise<void>;
  /** A job was just recorded: look now rather than at the next poll. */
  poke(): void;
}

/**
 * Conversions an instance runs at once: one a sandbox process, but on an instance that also
 * answers the web, no more than its cores less one, so the applicants' saves keep a core (issue 25
 * item 3: on 2 cores, two conversions at once left the server a third of a core and saves waited
 * seconds). A worker instance gives the jobs every core.
 */
export function conversionLanes(role: InstanceRole, cores: number, sandboxProcesses: number): number {
  const forJobs = role === 'worker' ? cores : cores - 1;
  return Math.max(1, Math.min(sandboxProcesses, forJobs));
}

const DEFAULT_POLL_MS = 500;
const DEFAULT_MAX_ATTEMPTS = 3;

/**
 * The conversion jobs' worker loop: a job at a time in each lane (conversionLanes: with processes
 * and cores to spare, a deadline's queue drains at the rate of all of them); each job is claimed
 * from the store atomically, so any number of instances can run a loop over one PostgreSQL (the
 * shared job loop of backend/jobs).
 */
export function createWorkerLoop(options: WorkerLoopOptions): WorkerLoop {
  const { store, logger } = options;
  const clock = options.clock ?? systemClock;
  const workerId = options.workerId ?? `worker-${randomUUID()}`;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const deps = { store, objects: options.objects, runner: options.runner, clock, logger, maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, onCompleted: options.onCompleted };
  const loop = createJobLoop<ClaimedConversion, JobOutcome>({
    name: 'conversions',
    claim: () => store.conversions.claim(workerId, clock(), leaseMs),
    run: (job) => convertJob(deps, job),
    logger: logger.child({ workerId }),
    pollMs: options.pollMs ?? DEFAULT_POLL_MS,
    lanes: options.lanes,
    onJob: options.onJob,
  });
  return { workerId, start: loop.start, stop: loop.stop, poke: loop.poke };
}
