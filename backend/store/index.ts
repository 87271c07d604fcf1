import { accessTokenStore } from './access-tokens';
import { accountStore } from './accounts';
import { answerStore } from './answers';
import { applicationPdfStore } from './application-pdfs';
import { conversionStore } from './conversions';
import { formStateStore } from './form-state';
import { applicationStore } from './applications';
import { migrateToLatest, openDb, type Db, type DbOptions } from './db';
import { lookupStore } from './lookups';
import { oneTimeSecretStore } from './one-time-secrets';
import { rateLimitStore } from './rate-limits';
import { sessionStore } from './sessions';
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
  /** Answers whether the database takes queries (health endpoint). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Opens the database, brings its schema up to date and returns the store. */
export async function openStore(options: DbOptions): Promise<Store> {
  const db = openDb(options);
  try {
    await migrateToLatest(db);
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
    applications: applicationStore(kysely),
    answers: answerStore(kysely, db.dialect),
    formState: formStateStore(kysely),
    rateLimits: rateLimitStore(kysely),
    lookups: lookupStore(kysely, db.dialect),
    uploads: uploadStore(kysely, db.dialect),
    conversions: conversionStore(kysely, db.dialect),
    applicationPdfs: applicationPdfStore(kysely, db.dialect),
    accessTokens: accessTokenStore(kysely),
    submissions: submissionStore(kysely, db.dialect),
    async ping() {
      await kysely.selectFrom('accounts').select('id').limit(1).execute();
    },
    close: () => db.close(),
  };
}
