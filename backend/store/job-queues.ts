import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** One job queue as the metrics endpoint reports it. */
export interface JobQueueDepth {
  queue: 'conversions' | 'application_pdfs';
  /** Jobs no worker holds yet, and jobs a worker holds now. */
  waiting: number;
  running: number;
  /** Age of the oldest waiting job (0 when none waits): a queue nobody works on grows old. */
  oldestWaitingAgeMs: number;
}

const QUEUE_TABLES = ['conversions', 'application_pdfs'] as const;

/** Depth and age of the conversion and application PDF queues, read in one query each. */
export function jobQueueStore(db: Kysely<Database>) {
  return {
    async depths(now: number): Promise<JobQueueDepth[]> {
      return Promise.all(
        QUEUE_TABLES.map(async (queue) => {
          const rows = await db
            .selectFrom(queue)
            .select((eb) => ['status', eb.fn.countAll<number | string>().as('jobs'), eb.fn.min('created_at').as('oldest')])
            .where('status', 'in', ['UNPROCESSED', 'IN_PROGRESS'])
            .groupBy('status')
            .execute();
          const waiting = rows.find((row) => row.status === 'UNPROCESSED');
          const running = rows.find((row) => row.status === 'IN_PROGRESS');
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
