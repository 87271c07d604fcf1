import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';

/** One job queue as the metrics endpoint reports it. */
export interface JobQueueDepth {
  queue: (typeof QUEUES)[number]['queue'];
  /** Jobs no worker holds yet, and jobs a worker holds now. */
  waiting: number;
  running: number;
  /** Age of the oldest waiting job (0 when none waits): a queue nobody works on grows old. */
  oldestWaitingAgeMs: number;
}

/** Each queue's table and the statuses of a job waiting for a worker and of one a worker holds. */
const QUEUES = [
  { queue: 'conversions', waiting: 'UNPROCESSED', running: 'IN_PROGRESS' },
  { queue: 'application_pdfs', waiting: 'UNPROCESSED', running: 'IN_PROGRESS' },
  { queue: 'mail_outbox', waiting: 'PENDING', running: 'SENDING' },
] as const;

/** Depth and age of the conversion, application PDF and account mail queues, read in one query each. */
export function jobQueueStore(db: Kysely<Database>) {
  return {
    async depths(now: number): Promise<JobQueueDepth[]> {
      return Promise.all(
        QUEUES.map(async ({ queue, waiting: waitingStatus, running: runningStatus }) => {
          // The three tables share these columns; their status types differ, so the query is written once for the first.
          const rows = await (db as unknown as Kysely<Pick<Database, 'conversions'>>)
            .selectFrom(queue as 'conversions')
            .select((eb) => ['status', eb.fn.countAll<number | string>().as('jobs'), eb.fn.min('created_at').as('oldest')])
            .where('status', 'in', [waitingStatus, runningStatus] as never[])
            .groupBy('status')
            .execute();
          const waiting = rows.find((row) => row.status === (waitingStatus as string));
          const running = rows.find((row) => row.status === (runningStatus as string));
          return {
            queue,
            waiting: Number(waiting?.jobs ?? 0),
            running: Number(running?.jobs ?? 0),
            oldestWaitingAgeMs: waiting?.oldest != null ? Math.max(0, now - Number(waiting.oldest)) : 0,
          };
        }),
      );
    },
  };
}

/** The job queues part of the store, as the services that use it name it. */
export type JobQueueStore = ReturnType<typeof jobQueueStore>;
