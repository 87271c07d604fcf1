import type { AddressInfo } from 'node:net';
import http, { type Server } from 'node:http';
import type { DestinationStream } from 'pino';
import { createApp } from '../../../backend/app';
import { createApplicationPdfLoop, type ApplicationPdfLoopOptions } from '../../../backend/application-pdfs/generate-job';
import { createApplicationPdfRunner } from '../../../backend/sandbox/pdf-runner';
import type { JobLoop } from '../../../backend/jobs/job-loop';
import { defaultRateLimits, type RateLimits } from '../../../backend/security/rate-limiter';
import type { Clock } from '../../../backend/platform/clock';
import { loadConfig, type Config } from '../../../backend/platform/config';
import { createLogger } from '../../../backend/platform/log';
import { createMailSender, type MailSender, type MailSenderOptions } from '../../../backend/mail/mail-sender';
import { createMailerFromConfig } from '../../../backend/mail/mailer';
import { createWorkerLoop, type WorkerLoop, type WorkerLoopOptions } from '../../../backend/conversions/worker-loop';
import { createLetterArrival } from '../../../backend/recommendations/letter-arrival';
import { createChecklistService } from '../../../backend/checklist/checklist-service';
import { createConversionRunner } from '../../../backend/sandbox/conversion-runner';
import { createSandboxPool, type SandboxPool } from '../../../backend/sandbox/sandbox-pool';
import { createObjectStore, type ObjectStore } from '../../../backend/storage';
import type { Store } from '../../../backend/open-store';
import { readOutbox } from '../../../scripts/support/mail';
import { createTestDatabase, type TestDatabase, type TestDialect } from '../../../scripts/support/databases';
import { outboxDelivered } from './mail-delivery';

export interface TestServer {
  baseUrl: string;
  origin: string;
  store: Store;
  /** The server's database, for a connection of its own (TestDatabase.openDb) beside the store. */
  database: TestDatabase;
  config: Config;
  /** The server's object store. */
  objects: ObjectStore;
  /** The conversion worker loop, when the server was started with one. */
  conversions: WorkerLoop | null;
  /** The application PDF job loop, when the server was started with one. */
  applicationPdfs: JobLoop | null;
  /** Moves the server's clock forward (code expiry, idle sessions). */
  advance(ms: number): void;
  /** The server's clock, advanced as `advance` says: for the jobs a test runs itself (housekeeping). */
  clock: Clock;
  /** The mail sender, when the server was started with one (the default). */
  mail: MailSender | null;
  /** The mails written to the file outbox, oldest first, once every mail recorded so far has left. */
  outbox(): Promise<string[]>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  rateLimits?: RateLimits;
  /**
   * Runs a conversion worker loop beside the server, as the entry point does (off by default): its
   * own runner unless one is given, the server's store, objects and clock.
   */
  conversions?: boolean | Partial<Pick<WorkerLoopOptions, 'runner' | 'workerId' | 'pollMs' | 'leaseMs' | 'onJob'>>;
  /** Runs the application PDF job loop beside the server, as the entry point does (off by default). */
  applicationPdfs?: boolean | Partial<Pick<ApplicationPdfLoopOptions, 'workerId' | 'pollMs' | 'leaseMs' | 'onJob' | 'compress'>>;
  /**
   * Runs the mail sender beside the server, as the entry point does (on by default: false for none),
   * over SMTP_URL when `env` sets it or the file outbox.
   */
  mail?: boolean | Partial<Pick<MailSenderOptions, 'retry' | 'pollMs' | 'leaseMs' | 'senderId' | 'onMail'>>;
  /** Where the server logs (at info), so a test can read what is logged; silent when unset. */
  logDestination?: DestinationStream;
  /** The database to serve (a restored one), dropped on close; a fresh one of the dialect when unset. */
  database?: TestDatabase;
}

/** A real server on a random port over a fresh database of the given dialect. */
export async function startTestServer(dialect: TestDialect, options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase(dialect));
  // Listen first so the configuration can name the real port, as PUBLIC_URL does in production.
  const server: Server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const store = await database.open();
  let offset = 0;
  const clock = () => Date.now() + offset;
  const logger = options.logDestination ? createLogger('info', options.logDestination) : createLogger('silent');
  const objects = createObjectStore(config, clock);
  const loopOptions = options.conversions === true ? {} : options.conversions || null;
  const pdfOptions = options.applicationPdfs === true ? {} : options.applicationPdfs || null;
  // Documents are converted and the PDF rendered in one sandbox pool, as the entry point does.
  const sandbox: SandboxPool | null = (loopOptions && !loopOptions.runner) || pdfOptions ? createSandboxPool({ maxProcesses: 1 }) : null;
  // As the entry point: an uploaded letter arrives when its conversion completes, and the checklist is refreshed.
  const onMailQueued = () => mail?.poke();
  const arrival = createLetterArrival({ store, objects, clock, logger, onMailQueued, onChecklistChanged: createChecklistService({ store, clock, onMailQueued }).refresh });
  const conversions = loopOptions
    ? createWorkerLoop({ store, objects, logger, clock, runner: createConversionRunner(sandbox!, { conversion: { docxConverter: config.docxConverter } }), onCompleted: arrival.conversionCompleted, ...loopOptions })
    : null;
  const mailOptions = options.mail === false ? null : options.mail === true || options.mail === undefined ? {} : options.mail;
  const mail = mailOptions ? createMailSender({ store, mailer: createMailerFromConfig(config, logger), logger, clock, pollMs: 100, ...mailOptions }) : null;
  const applicationPdfs = pdfOptions ? createApplicationPdfLoop({ store, objects, logger, clock, runner: createApplicationPdfRunner(sandbox!), ...pdfOptions }) : null;
  const app = createApp({
    config,
    store,
    logger,
    clock,
    rateLimits: options.rateLimits ?? defaultRateLimits,
    objects,
    onConversionQueued: conversions ? () => conversions.poke() : undefined,
    onApplicationPdfQueued: applicationPdfs ? () => applicationPdfs.poke() : undefined,
    onMailQueued: mail ? () => mail.poke() : undefined,
  });
  server.on('request', app.callback());
  conversions?.start();
  applicationPdfs?.start();
  mail?.start();
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
    advance: (ms) => {
      offset += ms;
    },
    clock,
    outbox: async () => {
      await outboxDelivered(store);
      return readOutbox(database.dataDir);
    },
    close: async () => {
      await mail?.stop();
      await conversions?.stop();
      await applicationPdfs?.stop();
      await sandbox?.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await store.close();
      await database.drop();
    },
  };
}
