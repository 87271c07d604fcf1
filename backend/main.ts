import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { systemClock } from './clock';
import { startHousekeeping } from './jobs/housekeeping';
import { createLogger } from './log';
import { seedLookups } from './lookups/seed';
import { openStore } from './store';

/** Entry point: the only place that reads the environment and listens. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // Fills empty lookup categories from their packages (a few seconds, on the first start only).
  await seedLookups(store, logger);
  const app = createApp({ config, store, logger });
  const server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info({ store: store.dialect, objects: config.storage.kind, dataDir: config.dataDir }, `serving on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`);
  });
  server.requestTimeout = 60_000;
  server.headersTimeout = 20_000;

  const stopHousekeeping = startHousekeeping(store, config, systemClock, logger);

  const stop = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    stopHousekeeping();
    server.close(() => void store.close().then(() => process.exit(0)));
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
