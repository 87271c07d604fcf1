import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../../backend/app';
import { createApplicationPdfLoop } from '../../../backend/application-pdfs/generate-job';
import { createApplicationPdfRunner } from '../../../backend/sandbox/pdf-runner';
import { defaultRateLimits } from '../../../backend/security/rate-limiter';
import { loadConfig } from '../../../backend/platform/config';
import { createWorkerLoop } from '../../../backend/conversions/worker-loop';
import { createConversionRunner } from '../../../backend/sandbox/conversion-runner';
import { createSandboxPool } from '../../../backend/sandbox/sandbox-pool';
import { createLogger } from '../../../backend/platform/log';
import { createMailSender, type MailSenderOptions } from '../../../backend/mail/mail-sender';
import { createMailerFromConfig } from '../../../backend/mail/mailer';
import { createObjectStore } from '../../../backend/storage';
import { readOutbox } from '../../../scripts/support/mail';
import type { TestDatabase } from '../../../scripts/support/databases';
import { outboxDelivered } from './mail-delivery';
import type { TestServer } from './test-server';

export interface InstanceOptions {
  workerId: string;
  /** Called for every conversion job the instance's worker loop finishes. */
  onConversion?: (outcome: string, jobId: string) => void;
  /** Called for every application PDF job the instance's loop finishes. */
  onApplicationPdf?: (outcome: string, jobId: string) => void;
  /** More settings for this instance (SMTP_URL ...). */
  env?: Record<string, string>;
  /** The mail sender's retry schedule and outcome callback. */
  mail?: Partial<Pick<MailSenderOptions, 'retry' | 'onMail'>>;
}

/**
 * One backend instance as the entry point builds it (its own store connection, conversion worker
 * loop and application PDF loop), over a database and DATA_DIR that other instances share. Closing
 * it leaves the database; the caller drops it once every instance is closed.
 */
export async function startInstance(database: TestDatabase, options: InstanceOptions): Promise<TestServer> {
  const server: Server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dataDir, PORT: String(port), PUBLIC_URL: baseUrl, LOG_LEVEL: 'silent', ...options.env });
  const store = await database.open();
  const clock = () => Date.now();
  const logger = createLogger('silent');
  const objects = createObjectStore(config, clock);
  const sandbox = createSandboxPool({ maxProcesses: 1 });
  const conversions = createWorkerLoop({ store, objects, logger, clock, runner: createConversionRunner(sandbox, { conversion: { docxConverter: config.docxConverter } }), workerId: `${options.workerId}-conversions`, pollMs: 20, onJob: options.onConversion });
  const applicationPdfs = createApplicationPdfLoop({ store, objects, logger, clock, runner: createApplicationPdfRunner(sandbox), workerId: `${options.workerId}-pdf`, pollMs: 20, onJob: options.onApplicationPdf });
  const mail = createMailSender({ store, mailer: createMailerFromConfig(config, logger), logger, clock, senderId: `${options.workerId}-mail`, pollMs: 20, ...options.mail });
  const app = createApp({
    config,
    store,
    logger,
    clock,
    rateLimits: defaultRateLimits,
    objects,
    onConversionQueued: () => conversions.poke(),
    onApplicationPdfQueued: () => applicationPdfs.poke(),
    onMailQueued: () => mail.poke(),
  });
  server.on('request', app.callback());
  conversions.start();
  applicationPdfs.start();
  mail.start();
  return {
    baseUrl,
    origin: baseUrl,
    store,
    database,
    config,
    objects,
    conversions,
    applicationPdfs,
    mail,
    advance: () => {
      throw new Error('instances over a shared database keep real time');
    },
    clock,
    outbox: async () => {
      await outboxDelivered(store);
      return readOutbox(database.dataDir);
    },
    close: async () => {
      await mail.stop();
      await conversions.stop();
      await applicationPdfs.stop();
      await sandbox.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await store.close();
    },
  };
}
