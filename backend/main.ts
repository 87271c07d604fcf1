import { createApp } from './app';
import { createApplicationPdfLoop } from './application-pdf/generate-job';
import { createApplicationPdfRunner } from './application-pdf/runner/pdf-runner';
import { loadConfigOrReport } from './config';
import { systemClock } from './clock';
import { createWorkerLoop } from './conversions/worker-loop';
import { createConversionRunner } from './documents/runner/conversion-runner';
import { startHousekeeping } from './jobs/housekeeping';
import { createSandboxPool } from './sandbox/sandbox-pool';
import { createLogger } from './log';
import { seedLookups } from './lookups/seed';
import { createObjectStore } from './storage';
import { openStore } from './store';

/** How long a shutdown waits for the conversion in hand before handing it back. */
const SHUTDOWN_GRACE_MS = 5_000;

/** Entry point: the only place that reads the environment and listens. */
async function main(): Promise<void> {
  const config = loadConfigOrReport();
  if (!config) process.exit(2);
  const logger = createLogger(config.logLevel);
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    onPoolError: (error) => logger.warn({ err: error }, 'a database connection was lost; the next query opens another'),
  });
  // Fills empty lookup categories from their packages (a few seconds, on the first start only).
  await seedLookups(store, logger);
  const objects = createObjectStore(config, systemClock);
  // One pool of sandbox processes decodes every untrusted document: conversions and application PDFs.
  const sandbox = createSandboxPool({ onProcessError: (error) => logger.warn({ err: error }, 'sandbox process stopped') });
  const conversions = createWorkerLoop({ store, objects, runner: createConversionRunner(sandbox), logger });
  const applicationPdfs = createApplicationPdfLoop({ store, objects, logger, runner: createApplicationPdfRunner(sandbox) });
  const app = createApp({
    config,
    store,
    logger,
    objects,
    onConversionQueued: () => conversions.poke(),
    onApplicationPdfQueued: () => applicationPdfs.poke(),
  });
  const server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info({ store: store.dialect, objects: config.storage.kind, dataDir: config.dataDir }, `serving on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`);
  });
  // Idle connections outlive a load balancer's (60 s on most), so it never sends a request on one
  // the server is closing; Node's own default is 5 s. A request's headers may take as long, and
  // the whole request at least a minute.
  server.keepAliveTimeout = config.keepAliveTimeoutMs;
  server.headersTimeout = config.keepAliveTimeoutMs + 1_000;
  server.requestTimeout = Math.max(60_000, server.headersTimeout);

  const stopHousekeeping = startHousekeeping({ store, objects, config, clock: systemClock, logger });
  conversions.start();
  applicationPdfs.start();

  const stop = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    stopHousekeeping();
    // The job in hand gets a few seconds to finish; then closing the sandbox pool gives it back to the
    // store, uncounted, for the next instance to take (its claim would otherwise wait out the lease).
    const conversionsStopped = Promise.all([conversions.stop(), applicationPdfs.stop()]);
    const stopWaiting = setTimeout(() => void sandbox.close(), SHUTDOWN_GRACE_MS);
    const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
    void Promise.all([conversionsStopped, serverClosed])
      .then(async () => {
        clearTimeout(stopWaiting);
        await sandbox.close();
        await store.close();
      })
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
