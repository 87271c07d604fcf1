import type { ExpressionBuilder, Kysely, Selectable, Updateable, UpdateObject } from 'kysely';
import type { Dialect } from '../store/dialect';
import type { Database } from '../store/schema';
import type { JobColumns } from '../store/job-schema';

/** The tables whose rows are jobs: those with every job column. */
export type JobTable = { [T in keyof Database]: Database[T] extends JobColumns<string> ? T : never }[keyof Database];

/** A job as one loop claimed it: every later write must still match the claim. */
export type Claimed<Row> = Row & { claimed_by: string; claimed_at: number };
/** What of a claimed job a write checks: its id and its claim. */
type Claim = Claimed<{ id: string }>;

type Status<T extends JobTable> = Database[T]['status'];
type Row<T extends JobTable> = Selectable<Database[T]>;
/** A column of the table holding a time (epoch milliseconds). */
type TimeColumn<T extends JobTable> = { [C in keyof Database[T]]: Database[T][C] extends number ? C : never }[keyof Database[T]] & string;

/** What a job's status is called while it waits, while a loop holds it, and once it is done or given up. */
export interface JobStatuses<S extends string> {
  waiting: S;
  claimed: S;
  completed: S;
  failed: S;
}

/** The statuses of the specification's jobs (platform section 4: a document's conversion, the application PDF). */
export const PROCESSING_STATUSES = { waiting: 'UNPROCESSED', claimed: 'IN_PROGRESS', completed: 'COMPLETED', failed: 'FAILED' } as const;

/** One job queue as the metrics endpoint reports it. */
export interface JobQueueDepth {
  queue: JobTable;
  /** Jobs no loop holds yet, and jobs a loop holds now. */
  waiting: number;
  running: number;
  /** Age of the oldest waiting job (0 when none waits): a queue nobody works on grows old. */
  oldestWaitingAgeMs: number;
}

/** The job columns of a new job, written with its payload: waiting since now, never claimed. */
export function newJob<S extends string>(statuses: Pick<JobStatuses<S>, 'waiting'>, now: number) {
  return { status: statuses.waiting, attempts: 0, claimed_by: null, claimed_at: null, created_at: now, updated_at: now };
}

export interface JobQueueOptions<T extends JobTable> {
  dialect: Dialect;
  statuses: JobStatuses<Status<T>>;
  /**
   * The column from which a waiting job is due (a retry's backoff): claims take the job due
   * longest. Without it every waiting job is due, and claims take the oldest (created_at).
   */
  dueAt?: TimeColumn<T>;
}

/**
 * The queries are written once against the job columns alone, under one name; the table's real
 * name is what runs. The feature's own columns pass through as it types them.
 */
type Jobs = { job: JobColumns<string> };
const JOB = 'job';
type JobUpdate = UpdateObject<Jobs, typeof JOB> | ((eb: ExpressionBuilder<Jobs, typeof JOB>) => UpdateObject<Jobs, typeof JOB>);
/** The feature's columns, as it types them, written beside the job's. */
const own = <T extends JobTable>(set: Updateable<Database[T]>) => set as UpdateObject<Jobs, typeof JOB>;

/**
 * One table's rows as a queue of jobs, for any number of loops on any number of instances: a claim
 * takes one job under a lease and counts an attempt, and every later write on it (complete, fail,
 * release) takes effect only while that claim still holds, so a loop whose job was replaced, removed
 * or taken over after its lease ran out writes nothing. Each feature keeps its payload columns and
 * what finishing a job does; each write takes the feature's transaction when it has one.
 */
export function jobQueue<T extends JobTable>(db: Kysely<Database>, table: T, options: JobQueueOptions<T>) {
  const { statuses, dialect } = options;
  const on = (executor: Kysely<Database>) => executor as unknown as Kysely<Jobs>;
  const name = table as unknown as typeof JOB;
  const dueAt = options.dueAt as 'created_at' | undefined;
  const order = dueAt ?? 'created_at';

  /** Waiting and due, or held by a loop for longer than the lease (its instance stopped). */
  function claimable(eb: ExpressionBuilder<Jobs, typeof JOB>, now: number, leaseMs: number) {
    const waiting = eb('status', '=', statuses.waiting);
    return eb.or([
      dueAt ? eb.and([waiting, eb(dueAt, '<=', now)]) : waiting,
      eb.and([eb('status', '=', statuses.claimed), eb('claimed_at', '<', now - leaseMs)]),
    ]);
  }

  /** Writes `set` on the job only while the claim still holds; false when it no longer does. */
  async function whileClaimed(job: Claim, set: JobUpdate, executor = db): Promise<boolean> {
    const result = await on(executor)
      .updateTable(name)
      .set(set)
      .where('id', '=', job.id)
      .where('status', '=', statuses.claimed)
      .where('claimed_by', '=', job.claimed_by)
      .where('claimed_at', '=', job.claimed_at)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  return {
    /**
     * Takes the job waiting longest, or one whose claim is older than the lease, in one statement,
     * and counts an attempt. On PostgreSQL the row is locked with SKIP LOCKED, so concurrent claims
     * pass over it; on SQLite a statement is atomic. The claim is checked again on the row itself:
     * two SQLite connections may pick the same id.
     */
    async claim(workerId: string, now: number, leaseMs: number): Promise<Claimed<Row<T>> | null> {
      const jobs = on(db);
      const next = jobs
        .selectFrom(name)
        .select('id')
        .where((eb) => claimable(eb, now, leaseMs))
        .orderBy(order)
        .orderBy('id')
        .limit(1)
        .$if(dialect === 'postgres', (qb) => qb.forUpdate().skipLocked());
      const row = await jobs
        .updateTable(name)
        .set((eb) => ({ status: statuses.claimed, claimed_by: workerId, claimed_at: now, attempts: eb('attempts', '+', 1), updated_at: now }))
        .where('id', '=', next)
        .where((eb) => claimable(eb, now, leaseMs))
        .returningAll()
        .executeTakeFirst();
      return (row as Claimed<Row<T>> | undefined) ?? null;
    },

    /** Done, with the feature's columns of a finished job; false when the claim no longer holds. */
    complete(job: Claim, now: number, set: Updateable<Database[T]> = {}, executor = db): Promise<boolean> {
      return whileClaimed(job, { ...own(set), status: statuses.completed, updated_at: now }, executor);
    },

    /** Given up for good, with the feature's columns saying why; false when the claim no longer holds. */
    fail(job: Claim, now: number, set: Updateable<Database[T]> = {}, executor = db): Promise<boolean> {
      return whileClaimed(job, { ...own(set), status: statuses.failed, updated_at: now }, executor);
    },

    /**
     * Gives the job back to waiting, for any loop to claim again; `refund` does not count this
     * attempt (the instance is stopping, not the job failing); `set`, the feature's columns (a
     * retry's next due time and its error).
     */
    release(job: Claim, now: number, { refund = false, set = {} }: { refund?: boolean; set?: Updateable<Database[T]> } = {}, executor = db): Promise<boolean> {
      return whileClaimed(job, (eb) => ({
        ...own(set),
        status: statuses.waiting,
        claimed_by: null,
        claimed_at: null,
        updated_at: now,
        ...(refund ? { attempts: eb('attempts', '-', 1) } : {}),
      }), executor);
    },

    /** How many jobs wait and run, and how long the oldest has waited, in one query. */
    async depth(now: number): Promise<JobQueueDepth> {
      const rows = await on(db)
        .selectFrom(name)
        .select((eb) => ['status', eb.fn.countAll<number | string>().as('jobs'), eb.fn.min('created_at').as('oldest')])
        .where('status', 'in', [statuses.waiting, statuses.claimed])
        .groupBy('status')
        .execute();
      const waiting = rows.find((row) => row.status === statuses.waiting);
      const running = rows.find((row) => row.status === statuses.claimed);
      return {
        queue: table,
        waiting: Number(waiting?.jobs ?? 0),
        running: Number(running?.jobs ?? 0),
        oldestWaitingAgeMs: waiting?.oldest != null ? Math.max(0, now - Number(waiting.oldest)) : 0,
      };
    },

    /** Puts a job back to waiting from the start, whoever held it: no attempt counted, no claim, its place in the queue kept. */
    async requeue(id: string, now: number, set: Updateable<Database[T]> = {}, executor = db): Promise<void> {
      await on(executor)
        .updateTable(name)
        .set({ ...own(set), status: statuses.waiting, attempts: 0, claimed_by: null, claimed_at: null, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
  };
}
