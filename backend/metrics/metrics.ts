import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { StoreConnection } from '../store/connection';
import type { JobQueueStore } from './job-queues-store';

/**
 * The Prometheus metrics of one instance (prom-client, its own registry): request durations by
 * route, the job queues' depths and ages, the time of each job (conversions, application PDFs),
 * the PostgreSQL pool's connections, and the process's memory, CPU and event loop (prom-client's
 * default metrics). Created only when METRICS_TOKEN is set; nothing is measured otherwise.
 */
export interface Metrics {
  readonly registry: Registry;
  /** A request ended: `route` is the router's path pattern, never the raw path (tokens travel in paths). */
  observeRequest(labels: { method: string; route: string; status: number }, seconds: number): void;
  /** A job of a loop ended with `outcome` after `seconds`. */
  observeJob(labels: { job: string; outcome: string }, seconds: number): void;
  /** A scheduled backup succeeded (its snapshot's time, epoch milliseconds) or failed. */
  observeBackup(outcome: { ok: true; at: number } | { ok: false }): void;
}

export interface MetricsOptions {
  store: { jobQueues: JobQueueStore } & Pick<StoreConnection, 'poolUsage'>;
  clock: () => number;
  /** Whether this instance runs the jobs (the queue gauges read the database on each scrape). */
  runsJobs: boolean;
  /** Whether this instance takes the scheduled backups (BACKUP_DIR where the jobs run). */
  backups?: boolean;
}

/** Request buckets: an answer save takes milliseconds, an upload or a PDF download seconds. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Job buckets: an image converts in tens of milliseconds, a long Word document or a PDF with every appendix in seconds. */
const JOB_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export function createMetrics(options: MetricsOptions): Metrics {
  const { store } = options;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'gradapp_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer, by route pattern, method and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const jobs = new Histogram({
    name: 'gradapp_job_duration_seconds',
    help: 'Time a job took in this instance (conversions, application_pdfs), by outcome.',
    labelNames: ['job', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [registry],
  });

  if (options.runsJobs) {
    const depth = new Gauge({ name: 'gradapp_job_queue_depth', help: 'Jobs waiting for a worker and jobs a worker holds, by queue.', labelNames: ['queue', 'state'] as const, registers: [registry] });
    new Gauge({
      name: 'gradapp_job_queue_oldest_waiting_seconds',
      help: 'Age of the oldest job no worker has taken yet, by queue (0 when none waits).',
      labelNames: ['queue'] as const,
      registers: [registry],
      // One scrape reads both queues once; the depth gauge is set from the same read.
      async collect() {
        const queues = await store.jobQueues.depths(options.clock()).catch(() => null);
        this.reset();
        depth.reset();
        for (const queue of queues ?? []) {
          depth.set({ queue: queue.queue, state: 'waiting' }, queue.waiting);
          depth.set({ queue: queue.queue, state: 'running' }, queue.running);
          this.set({ queue: queue.queue }, queue.oldestWaitingAgeMs / 1000);
        }
      },
    });
  }

  if (store.poolUsage()) {
    new Gauge({
      name: 'gradapp_db_pool_connections',
      help: 'PostgreSQL pool connections of this instance: open, idle, queries waiting for one, and the maximum.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const usage = store.poolUsage();
        if (!usage) return;
        this.set({ state: 'open' }, usage.total);
        this.set({ state: 'idle' }, usage.idle);
        this.set({ state: 'waiting' }, usage.waiting);
        this.set({ state: 'max' }, usage.max);
      },
    });
  }

  const backups = options.backups
    ? {
        lastSuccess: new Gauge({ name: 'gradapp_backup_last_success_timestamp_seconds', help: 'When the newest complete scheduled backup was taken (Unix time; 0: none yet).', registers: [registry] }),
        failures: new Counter({ name: 'gradapp_backup_failures_total', help: 'Scheduled backups that failed in this instance (each is logged; the next check tries again).', registers: [registry] }),
      }
    : null;

  return {
    registry,
    observeBackup: (outcome) => {
      if (outcome.ok) backups?.lastSuccess.set(outcome.at / 1000);
      else backups?.failures.inc();
    },
    observeRequest: (labels, seconds) => requests.observe({ method: labels.method, route: labels.route, status: String(labels.status) }, seconds),
    observeJob: (labels, seconds) => jobs.observe(labels, seconds),
  };
}
