import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';

/**
 * Fixed-window counters kept in the store, so that every backend instance on one database
 * counts the same attempts.
 */
export function rateLimitStore(db: Kysely<Database>) {
  return {
    /** Counts one hit in the bucket's current window and returns the hits in that window. */
    async hit(bucket: string, windowStart: number): Promise<number> {
      const row = await db
        .insertInto('rate_limits')
        .values({ bucket, window_start: windowStart, hits: 1 })
        .onConflict((oc) =>
          oc.column('bucket').doUpdateSet((eb) => ({
            hits: eb
              .case()
              .when('rate_limits.window_start', '=', windowStart)
              .then(eb('rate_limits.hits', '+', 1))
              .else(1)
              .end(),
            window_start: windowStart,
          })),
        )
        .returning('hits')
        .executeTakeFirstOrThrow();
      return row.hits;
    },

    /** Takes one hit back from the bucket, if its window is still the given one. */
    async forgive(bucket: string, windowStart: number): Promise<void> {
      await db
        .updateTable('rate_limits')
        .set((eb) => ({ hits: eb('hits', '-', 1) }))
        .where('bucket', '=', bucket)
        .where('window_start', '=', windowStart)
        .where('hits', '>', 0)
        .execute();
    },

    async purgeBefore(windowStart: number): Promise<void> {
      await db.deleteFrom('rate_limits').where('window_start', '<', windowStart).execute();
    },
  };
}

/** The rate limits part of the store, as the services that use it name it. */
export type RateLimitStore = ReturnType<typeof rateLimitStore>;
