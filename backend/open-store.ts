import { accessTokenStore, type AccessTokenStore } from './access-tokens/access-tokens-store';
import { applicantDataStore, type ApplicantDataStore } from './applicant-data/applicant-data-store';
import { dataExpiryJobs, dataExpiryStore, type DataExpiryStore } from './data-expiry/data-expiry-store';
import { staffAccessLogStore, type StaffAccessLogStore } from './access-log/access-log-store';
import { answerStore, type AnswerStore } from './applicant/answers-store';
import { sealingStore, type SealingStore } from './applicant/sealing-store';
import { applicationStore, type ApplicationStore } from './applicant/applications-store';
import { formStateStore, type FormStateStore } from './applicant/form-state-store';
import { submissionStore, type SubmissionStore } from './applicant/submissions-store';
import { uploadStore, type UploadStore } from './applicant/uploads-store';
import { applicationPdfJobs, applicationPdfStore, type ApplicationPdfStore } from './application-pdfs/application-pdfs-store';
import { accountStore, type AccountStore } from './auth/accounts-store';
import { oneTimeSecretStore, type OneTimeSecretStore } from './auth/one-time-secrets-store';
import { rateLimitStore, type RateLimitStore } from './security/rate-limits-store';
import { sessionStore, type SessionStore } from './auth/sessions-store';
import { checklistStore, type ChecklistStore } from './checklist/checklist-store';
import { conversionJobs, conversionStore, type ConversionStore } from './conversions/conversions-store';
import { lookupStore, type LookupStore } from './lookups/lookups-store';
import { mailJobs, mailOutboxStore, type MailOutboxStore } from './mail/mail-outbox-store';
import { bounceStore, type BounceStore } from './mail/bounce-store';
import { jobQueueStore, type JobQueueStore } from './metrics/job-queues-store';
import { recommendationStore, type RecommendationStore } from './recommendations/recommendations-store';
import { staffExportStore, type StaffExportStore } from './staff/exports-store';
import { staffInboxStore, type StaffInboxStore } from './staff/inbox-store';
import { staffStore, type StaffStore } from './staff/staff-store';
import { storeConnection, type StoreConnection } from './store/connection';
import { migrateToLatest, openDb, type DbOptions } from './store/db';
import type { AnswerSealer } from './security/sealed-answers';

/**
 * The whole store: every feature's queries over one database (STYLE.md item 9: only store modules
 * talk SQL). It is assembled here, at the top of backend/ with the app, because it names every
 * feature's store part; a feature takes only the parts it uses, typed by their owners, and never
 * this (docs/decisions.md, "Backend folders are features").
 */
export interface Store extends StoreConnection {
  accounts: AccountStore;
  secrets: OneTimeSecretStore;
  sessions: SessionStore;
  applications: ApplicationStore;
  answers: AnswerStore;
  formState: FormStateStore;
  rateLimits: RateLimitStore;
  lookups: LookupStore;
  uploads: UploadStore;
  conversions: ConversionStore;
  applicationPdfs: ApplicationPdfStore;
  accessTokens: AccessTokenStore;
  submissions: SubmissionStore;
  mailOutbox: MailOutboxStore;
  bounces: BounceStore;
  jobQueues: JobQueueStore;
  staff: StaffStore;
  staffInbox: StaffInboxStore;
  accessLog: StaffAccessLogStore;
  staffExports: StaffExportStore;
  recommendations: RecommendationStore;
  checklist: ChecklistStore;
  sealing: SealingStore;
  applicantData: ApplicantDataStore;
  dataExpiry: DataExpiryStore;
}

export interface OpenStoreOptions extends DbOptions {
  /**
   * Bring the schema up to date on opening (default). False for a fleet that migrates as a separate
   * step (`npm run migrate`, MIGRATE_ON_START=false): the store opens on the schema as it is, and
   * readiness says so until the migrations are applied.
   */
  migrate?: boolean;
  /** Seals and opens the sensitive answers (backend/security/sealing-keys.ts, answerSealerFor). */
  sealer: AnswerSealer;
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
  const { kysely, dialect } = db;
  return {
    ...storeConnection(db),
    accounts: accountStore(kysely),
    secrets: oneTimeSecretStore(kysely),
    sessions: sessionStore(kysely),
    applications: applicationStore(kysely, dialect, options.sealer),
    answers: answerStore(kysely, dialect, options.sealer),
    formState: formStateStore(kysely),
    rateLimits: rateLimitStore(kysely),
    lookups: lookupStore(kysely, dialect),
    uploads: uploadStore(kysely, dialect),
    conversions: conversionStore(kysely, dialect),
    applicationPdfs: applicationPdfStore(kysely, dialect),
    accessTokens: accessTokenStore(kysely),
    submissions: submissionStore(kysely, dialect, options.sealer),
    mailOutbox: mailOutboxStore(kysely, dialect),
    bounces: bounceStore(kysely),
    jobQueues: jobQueueStore([conversionJobs(kysely, dialect), applicationPdfJobs(kysely, dialect), mailJobs(kysely, dialect), dataExpiryJobs(kysely, dialect)]),
    staff: staffStore(kysely),
    staffInbox: staffInboxStore(kysely, dialect),
    accessLog: staffAccessLogStore(kysely),
    staffExports: staffExportStore(kysely, options.sealer),
    recommendations: recommendationStore(kysely, dialect),
    checklist: checklistStore(kysely),
    sealing: sealingStore(kysely, options.sealer),
    applicantData: applicantDataStore(kysely, dialect),
    dataExpiry: dataExpiryStore(kysely, dialect),
  };
}
