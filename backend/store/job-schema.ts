import type { Generated } from 'kysely';

/**
 * The columns of every table whose rows are jobs (backend/jobs/job-queue.ts): the job's status, how
 * many times a loop claimed it, and the loop holding it and since when (past the lease another loop
 * may take it).
 */
export interface JobColumns<Status extends string> {
  id: string;
  status: Status;
  attempts: Generated<number>;
  claimed_by: string | null;
  claimed_at: number | null;
  created_at: number;
  updated_at: number;
}
