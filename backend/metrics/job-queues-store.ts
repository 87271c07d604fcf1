import type { JobQueueDepth } from '../jobs/job-queue';

/** What the metrics read of a job queue. */
export interface MeasuredQueue {
  depth(now: number): Promise<JobQueueDepth>;
}

/**
 * Depth and age of every job queue (the conversions', the application PDFs', the account mails'),
 * read in one query each. The queues are the features' own, listed where the store is assembled.
 */
export function jobQueueStore(queues: readonly MeasuredQueue[]) {
  return {
    depths: (now: number): Promise<JobQueueDepth[]> => Promise.all(queues.map((queue) => queue.depth(now))),
  };
}

/** The job queues part of the store, as the services that use it name it. */
export type JobQueueStore = ReturnType<typeof jobQueueStore>;
