import type { Server } from 'node:http';
import os from 'node:os';
import { createApp, createWorkerApp } from './app';
import { createApplicationPdfLoop } from './application-pdfs/generate-job';
import { createApplicationPdfRunner } from './sandbox/pdf-runner';
import { loadConfigOrReport } from './platform/config';
import { systemClock } from './platform/clock';
import { conversionLanes, createWorkerLoop } from './conversions/worker-loop';
import { describeDocxConverter } from './documents/docx-converter';
import { createConversionRunner } from './sandbox/conversion-runner';
import { startHousekeeping } from './housekeeping/housekeeping';
import { startScheduledBackups } from './backup/scheduled-backup';
import { createDataExpiryLoop, startDataExpiry } from './data-expiry/expiry-jobs';
import { createApplicantPurge } from './applicant-data/delete-applicant';
import { createLifecycle } from './health/lifecycle';
import { createMetrics } from './metrics/metrics';
import { createSandboxPool, DEFAULT_SANDBOX_PROCESSES } from './sandbox/sandbox-pool';
import { createLogger } from './platform/log';
import { createMailSender } from './mail/mail-sender';
import { startRecommendationReminders } from './recommendations/reminders';
import { createLetterArrival } from './recommendations/letter-arrival';
import { createChecklistService } from './checklist/checklist-service';
import { createMailerFromConfig } from './mail/mailer';
import { seedLookups } from './lookups/seed';
import { createObjectStore } from './storage';
import type { Logger } from 'pino';
import { openStore, type Store } from './open-store';
import { answerSealerFor } from './security/sealing-keys';
import { refuseClearSensitiveAnswers } from './applicant/clear-answers-check';

/**
 * Entry point: the only place that reads the environment and listens. ROLE chooses what this
 * instance runs: `web` serves applicants and staff, `worker` runs the job loops (conversions,
 * application PDFs) and housekeeping, `all` (the default, one machine) both. Every role answers
 * /health, /ready and, when configured, /metrics.
 */
async function main(): Promise<void> {
  const config = loadConfigOrReport() ?? process.exit(2);
  const logger = createLogger(config.logLevel);
  // Without SEALING_KEYS (never in production: the configuration refuses it) the key is made in DATA_DIR, and the log says where.
  const sealer = answerSealerFor(config, (file) => logger.warn({ file }, `SEALING_KEYS is not set: sensitive answers are sealed with a key generated in ${file}; set SEALING_KEYS before production`));
  const store = await openStore({
    sealer,
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    migrate: config.migrateOnStart,
    onPoolError: (error) => logger.warn({ err: error }, 'a database connection was lost; the next query opens another'),
  });
  // A fleet that migrates as a separate step: a new instance waits for `npm run migrate` before it serves.
  if (!config.migrateOnStart) await waitForMigrations(store, logger);
  await refuseClearSensitiveAnswers(store, config, logger);
  const runsWeb = config.role !== 'worker';
  const runsJobs = config.role !== 'web';
  // Fills empty lookup categories from their packages (a few seconds, on the first start only).
  if (runsWeb) await seedLookups(store, logger);
  const objects = createObjectStore(config, systemClock);
  const lifecycle = createLifecycle();
  const metrics = config.metricsToken ? createMetrics({ store, clock: systemClock, runsJobs, backups: runsJobs && config.backup !== null }) : undefined;

  // One pool of sandbox processes decodes every untrusted document: conversions and application PDFs.
  const jobs = runsJobs ? startJobs() : null;
  function startJobs() {
    const sandbox = createSandboxPool({ maxProcesses: DEFAULT_SANDBOX_PROCESSES, onProcessError: (error) => logger.warn({ err: error }, 'sandbox process stopped') });
    const timed = (job: string) => (metrics ? (outcome: string, _jobId: string, seconds: number) => metrics.observeJob({ job, outcome }, seconds) : undefined);
    const runner = createConversionRunner(sandbox, { conversion: { docxConverter: config.docxConverter } });
    // Conversions at once: one a sandbox process, leaving a core for the web (an application PDF queues behind them in the pool).
    const lanes = conversionLanes(config.role, os.availableParallelism(), DEFAULT_SANDBOX_PROCESSES);
    // An uploaded letter arrives when its conversion completes: the request is received, the applicant
    // told, and the checklist's summary refreshed, as after a program document sent after submission.
    const onMailQueued = () => mail.poke();
    const checklist = createChecklistService({ store, clock: systemClock, onMailQueued });
    const arrival = createLetterArrival({ store, objects, clock: systemClock, logger, onMailQueued, onChecklistChanged: checklist.refresh });
    const conversions = createWorkerLoop({ store, objects, runner, logger, lanes, onJob: timed('conversions'), onCompleted: arrival.conversionCompleted });
    const applicationPdfs = createApplicationPdfLoop({ store, objects, logger, runner: createApplicationPdfRunner(sandbox), onJob: timed('application_pdfs') });
    // The account e-mails recorded in the outbox leave from here, with retries (backend/mail/mail-sender.ts).
    const mail = createMailSender({ store, mailer: createMailerFromConfig(config, logger), logger });
    const stopHousekeeping = startHousekeeping({ store, objects, config, clock: systemClock, logger, checklist });
    const stopReminders = startRecommendationReminders({ store, config, clock: systemClock, logger, onMailQueued, arrival });
    // The daily backup (BACKUP_DIR; docs/decisions.md, "Backups that restore"), off when unset.
    const database = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
    const stopBackups = config.backup
      ? startScheduledBackups({ schedule: config.backup, database, objects, pgPrograms: config.pgPrograms, clock: systemClock, logger, onOutcome: metrics?.observeBackup })
      : () => undefined;
    // Data that expires (issue 35 item 3): reminders, then idle drafts' and old applications' purges on the one job queue.
    const expiryDeps = { store, settings: config.dataExpiry, publicUrl: config.publicUrl, clock: systemClock, logger };
    const expiry = createDataExpiryLoop({ ...expiryDeps, purge: createApplicantPurge({ store, objects, clock: systemClock, logger }) });
    const stopExpiryChecks = startDataExpiry({ ...expiryDeps, onPlanned: () => expiry.poke(), onMailQueued });
    logger.info({ docxConverter: config.docxConverter.name, conversionLanes: lanes }, `Word documents are converted by ${describeDocxConverter(config.docxConverter)}, ${lanes} at once`);
    conversions.start();
    applicationPdfs.start();
    mail.start();
    expiry.start();
    return {
      conversions,
      applicationPdfs,
      mail,
      /**
       * The job in hand gets the grace period to finish; then closing the sandbox pool gives it back to
       * the store, uncounted, for another instance to take at once (its claim would otherwise wait out the lease).
       */
      async stop(graceMs: number): Promise<void> {
        stopHousekeeping();
        stopReminders();
        stopBackups();
        stopExpiryChecks();
        const stopped = Promise.all([conversions.stop(), applicationPdfs.stop(), mail.stop(), expiry.stop()]);
        const giveBack = setTimeout(() => void sandbox.close(), graceMs);
        await stopped;
        clearTimeout(giveBack);
        await sandbox.close();
      },
    };
  }

  // Readiness names the Word converter where documents are converted.
  const docxConverter = runsJobs ? config.docxConverter.name : undefined;
  // With no jobs here, a web instance's recorded jobs are left for the workers' polls.
  const app = runsWeb
    ? createApp({
        config,
        store,
        logger,
        objects,
        lifecycle,
        metrics,
        docxConverter,
        onConversionQueued: () => jobs?.conversions.poke(),
        onApplicationPdfQueued: () => jobs?.applicationPdfs.poke(),
        onMailQueued: () => jobs?.mail.poke(),
      })
    : createWorkerApp({ config, store, logger, objects, lifecycle, metrics, docxConverter });
  const server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info(
      { role: config.role, store: store.dialect, objects: config.storage.kind, dataDir: config.dataDir, metrics: Boolean(metrics) },
      `serving on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
    );
  });
  // Idle connections outlive a load balancer's (60 s on most), so it never sends a request on one
  // the server is closing; Node's own default is 5 s. A request's headers may take as long, and
  // the whole request at least a minute.
  server.keepAliveTimeout = config.keepAliveTimeoutMs;
  server.headersTimeout = config.keepAliveTimeoutMs + 1_000;
  server.requestTimeout = Math.max(60_000, server.headersTimeout);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down: draining requests in flight and the job in hand');
    lifecycle.drain();
    // Past the grace period and a little more, whatever still holds the process is cut.
    setTimeout(() => {
      logger.error('shutdown did not finish in time; exiting');
      process.exit(1);
    }, config.shutdownGraceMs + 5_000).unref();
    void Promise.all([closeServer(server, config.shutdownGraceMs), jobs?.stop(config.shutdownGraceMs)])
      .then(() => store.close())
      .then(
        () => {
          logger.info('shut down cleanly');
          process.exit(0);
        },
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

/** How often an instance started before its migrations asks again. */
const MIGRATION_POLL_MS = 2_000;

async function waitForMigrations(store: Store, logger: Logger): Promise<void> {
  for (let told = false; ; told = true) {
    const pending = await store.pendingMigrations();
    if (pending.length === 0) return;
    if (!told) logger.warn({ pending }, `waiting for ${pending.length} migration(s): run \`npm run migrate\` (MIGRATE_ON_START is false)`);
    await new Promise((resolve) => setTimeout(resolve, MIGRATION_POLL_MS));
  }
}

/**
 * Stops accepting connections, lets the requests in flight finish (closing each connection after
 * its answer) and, past `graceMs`, cuts the connections still open.
 */
function closeServer(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
  });
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
