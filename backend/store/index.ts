import { sql } from 'kysely';
import { accessTokenStore } from './access-tokens';
import { accountStore } from './accounts';
import { answerStore } from './answers';
import { applicationPdfStore } from './application-pdfs';
import { conversionStore } from './conversions';
import { formStateStore } from './form-state';
import { applicationStore } from './applications';
import { migrateToLatest, openDb, pendingMigrations, type Db, type DbOptions, type PoolUsage } from './db';
import { jobQueueStore } from './job-queues';
import { lookupStore } from './lookups';
import { mailOutboxStore } from './mail-outbox';
import { oneTimeSecretStore } from './one-time-secrets';
import { rateLimitStore } from './rate-limits';
import { sessionStore } from './sessions';
import { staffStore } from './staff';
import { staffAccessLogStore } from './staff-access-log';
import { staffExportStore } from './staff-exports';
import { staffInboxStore } from './staff-inbox';
import { submissionStore } from './submissions';
import { uploadStore } from './uploads';

/** The store: the only module that talks SQL (STYLE.md item 9). */
export interface Store {
  dialect: Db['dialect'];
  accounts: ReturnType<typeof accountStore>;
  secrets: ReturnType<typeof oneTimeSecretStore>;
  sessions: ReturnType<typeof sessionStore>;
  applications: ReturnType<typeof applicationStore>;
  answers: ReturnType<typeof answerStore>;
  formState: ReturnType<typeof formStateStore>;
  rateLimits: ReturnType<typeof rateLimitStore>;
  lookups: ReturnType<typeof lookupStore>;
  uploads: ReturnType<typeof uploadStore>;
  conversions: ReturnType<typeof conversionStore>;
  applicationPdfs: ReturnType<typeof applicationPdfStore>;
  accessTokens: ReturnType<typeof accessTokenStore>;
  submissions: ReturnType<typeof submissionStore>;
  mailOutbox: ReturnType<typeof mailOutboxStore>;
  jobQueues: ReturnType<typeof jobQueueStore>;
  staff: ReturnType<typeof staffStore>;
  staffInbox: ReturnType<typeof staffInboxStore>;
  accessLog: ReturnType<typeof staffAccessLogStore>;
  staffExports: ReturnType<typeof staffExportStore>;
  /** Answers whether the database takes queries (readiness endpoint). */
  ping(): Promise<void>;
  /** Migrations this code knows that the database has not had (readiness: a fleet migrating separately). */
  pendingMigrations(): Promise<string[]>;
  /** The PostgreSQL pool's connections now; null for SQLite (metrics). */
  poolUsage(): PoolUsage | null;
  close(): Promise<void>;
}

export interface OpenStoreOptions extends DbOptions {
  /**
   * Bring the schema up to date on opening (default). False for a fleet that migrates as a separate
   * step (`npm run migrate`, MIGRATE_ON_START=false): the store opens on the schema as it is, and
   * readiness says so until the migrations are applied.
   */
  migrate?: boolean;
}

/** Opens the database, brings its schema up to date (unless told not to) and returns the store. */
export async function openStore(options: OpenStoreOptions): Promise<Store> {
  const db = openDb(options);
  try {
    if (options.migrate !== false) await migrateToLatest(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  const { kysely } = db;
  return {
    dialect: db.dialect,
    accounts: accountStore(kysely),
    secrets: oneTimeSecretStore(kysely),
    sessions: sessionStore(kysely),
    applications: applicationStore(kysely, db.dialect),
    answers: answerStore(kysely, db.dialect),
    formState: formStateStore(kysely),
    rateLimits: rateLimitStore(kysely),
    lookups: lookupStore(kysely, db.dialect),
    uploads: uploadStore(kysely, db.dialect),
    conversions: conversionStore(kysely, db.dialect),
    applicationPdfs: applicationPdfStore(kysely, db.dialect),
    accessTokens: accessTokenStore(kysely),
    submissions: submissionStore(kysely, db.dialect),
    mailOutbox: mailOutboxStore(kysely, db.dialect),
    jobQueues: jobQueueStore(kysely),
    staff: staffStore(kysely),
    staffInbox: staffInboxStore(kysely, db.dialect),
    accessLog: staffAccessLogStore(kysely),
    staffExports: staffExportStore(kysely),
    async ping() {
      await sql`select 1`.execute(kysely);
    },
    pendingMigrations: () => pendingMigrations(db),
    poolUsage: () => db.poolUsage(),
    close: () => db.close(),
  };
}
