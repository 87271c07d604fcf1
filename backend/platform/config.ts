import path from 'node:path';
import type { InstanceRole } from '../../common/api';
import { DEFAULT_COOKIE_PREFIX } from '../../common/session-cookies';
import { tenant } from '../../common/form/tenant';
import { INACTIVITY_TIMEOUT_MS, INACTIVITY_WARNING_MS } from '../../common/constants';
import { INACTIVITY_MAX_MS, INACTIVITY_MIN_MS, inactivitySettingsProblems, KEEP_ALIVE_INTERVAL_MS } from '../../common/inactivity';
import { chooseDocxConverter, DOCX_CONVERTER_SETTINGS, type DocxConverter } from '../documents/docx-converter';
import { findProgram } from '../documents/libreoffice/find-program';
import { readBackupSchedule, type BackupSchedule } from './backup-settings';
import { EnvReader, safeOrigin, unique, type Env } from './env-reader';
import { parseSealingKeys, type SealingKeys } from './sealing-settings';
import { readDataExpiry, type DataExpirySettings } from './expiry-settings';

/**
 * Backend configuration, read and checked once from the environment (STYLE.md item 3). Defaults
 * make `npm start` work on a fresh machine: SQLite and the mail outbox under ./data.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Connections of each instance's PostgreSQL pool. */
  databasePoolSize: number;
  publicUrl: string;
  allowedOrigins: string[];
  cookiePrefix: string;
  /** Cookies get the Secure flag; on whenever the public URL is https. */
  secureCookies: boolean;
  /**
   * How many reverse proxies stand in front and append to X-Forwarded-For (0: trust none). The
   * client's address is the entry that many from the right: the one the outermost trusted proxy
   * saw; entries further left are whatever the client wrote.
   */
  trustProxyHops: number;
  smtpUrl: string | null;
  mailFrom: string;
  /** MAIL_BOUNCE_ADDRESS: the envelope sender's base (`bounces@…` → `bounces+<mail id>@…`, VERP); null keeps MAIL_FROM's address. */
  mailBounceAddress: string | null;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /** The renderer's inactivity logout and its warning (written into index.html). */
  inactivityTimeoutMs: number;
  inactivityWarningMs: number;
  /** The spec's production-environment flag: shows the missing-information panel (common/production-flag.ts). */
  productionFlag: boolean;
  confirmCodeTtlMinutes: number;
  resetTtlMinutes: number;
  /** Days after the only invitation before a recommender who has not written is reminded, once; 0: never (issue 28). */
  recommendationReminderDays: number;
  bodyLimitBytes: number;
  /** How long an idle keep-alive connection stays open: longer than a load balancer's idle timeout. */
  keepAliveTimeoutMs: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  adminApiKey: string | null;
  /** Who holds ADMIN_API_KEY, named as the minter of every link it mints (access log, service-link list). */
  adminApiKeyLabel: string;
  /** Folder of the built renderer, served with SPA fallback. */
  rendererDir: string;
  /** development logs confirmation codes and reset links for convenience; production never does. */
  environment: 'development' | 'production' | 'test';
  /** Where uploaded files live: the local store under DATA_DIR/objects, or an S3 bucket. */
  storage: StorageConfig;
  /** web: HTTP for applicants and staff only; worker: the job loops and housekeeping (and /health, /ready, /metrics); all: both. */
  role: InstanceRole;
  /** Apply pending migrations on start (default); false when a fleet migrates as a separate step (`npm run migrate`). */
  migrateOnStart: boolean;
  /** Bearer token of GET /metrics; null: no metrics endpoint (404). */
  metricsToken: string | null;
  /** On SIGTERM, how long requests in flight and the job in hand get to finish. */
  shutdownGraceMs: number;
  /** How Word documents are converted (DOCX_CONVERTER, found on PATH at start): reported in the startup log. */
  docxConverter: DocxConverter;
  /** PostgreSQL's client programs on PATH, for backups and restores of a PostgreSQL store (null: not installed). */
  pgPrograms: PgPrograms;
  /** The daily backup where the jobs run (BACKUP_DIR, BACKUP_HOUR, BACKUP_KEEP); null: off. */
  backup: BackupSchedule | null;
  /** The keys sensitive answers are sealed with (SEALING_KEYS, SEALING_KEY_ID); null: DATA_DIR/sealing-keys, never in production. */
  sealing: SealingKeys | null;
  /** How long drafts and submitted applications are kept, and the reminders before a draft goes (expiry-settings.ts). */
  dataExpiry: DataExpirySettings;
}

export type StorageConfig = LocalStorageConfig | S3StorageConfig;

export interface PgPrograms {
  pgDump: string | null;
  pgRestore: string | null;
}

export interface LocalStorageConfig {
  kind: 'local';
  /** HMAC key of the local store's upload policies; null: generated once in DATA_DIR/storage-secret. */
  secret: string | null;
}

export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  /** An S3-compatible server's URL; null: AWS itself. */
  endpoint: string | null;
  region: string;
  /** null (both): the AWS SDK's default credential chain (instance role, shared files, ...). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  forcePathStyle: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}


const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const ENVIRONMENTS = ['development', 'production', 'test'] as const;
const ROLES = ['web', 'worker', 'all'] as const;

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const problems: string[] = [];
  const read = new EnvReader(env, problems);

  const port = read.integer('PORT', 8080, 0, 65535);
  const host = read.string('HOST', '127.0.0.1');
  const publicUrl = read.url('PUBLIC_URL', `http://localhost:${port}`);
  const databaseUrl = read.optional('DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL (unset it to use the embedded SQLite store).');
  }
  const publicOrigin = safeOrigin(publicUrl);
  const defaultOrigins = unique([publicOrigin, `http://localhost:${port}`, `http://127.0.0.1:${port}`].filter(Boolean) as string[]);
  const allowedOrigins = read.list('ALLOWED_ORIGINS', defaultOrigins);
  for (const origin of allowedOrigins) {
    if (safeOrigin(origin) !== origin) problems.push(`ALLOWED_ORIGINS entry "${origin}" is not an origin like https://apply.example.edu.`);
  }
  const cookiePrefix = read.string('COOKIE_PREFIX', DEFAULT_COOKIE_PREFIX);
  if (!/^[A-Za-z0-9_-]+$/.test(cookiePrefix)) problems.push('COOKIE_PREFIX may contain only letters, digits, - and _.');

  const dataDir = path.resolve(cwd, read.string('DATA_DIR', './data'));
  const config: Config = {
    port,
    host,
    dataDir,
    databaseUrl,
    databasePoolSize: read.integer('DATABASE_POOL_SIZE', 10, 1, 200),
    publicUrl: publicUrl.replace(/\/+$/, ''),
    allowedOrigins,
    cookiePrefix,
    secureCookies: publicUrl.startsWith('https:'),
    trustProxyHops: read.proxyHops('TRUST_PROXY'),
    smtpUrl: read.optional('SMTP_URL'),
    mailFrom: read.string('MAIL_FROM', 'Graduate Admissions <no-reply@localhost>'),
    mailBounceAddress: read.optional('MAIL_BOUNCE_ADDRESS'),
    sessionIdleMinutes: read.integer('SESSION_IDLE_MINUTES', 60, 1, 24 * 60),
    sessionMaxHours: read.integer('SESSION_MAX_HOURS', 12, 1, 24 * 30),
    inactivityTimeoutMs: read.integer('INACTIVITY_TIMEOUT_MS', INACTIVITY_TIMEOUT_MS, INACTIVITY_MIN_MS, INACTIVITY_MAX_MS),
    inactivityWarningMs: read.integer('INACTIVITY_WARNING_MS', INACTIVITY_WARNING_MS, INACTIVITY_MIN_MS, INACTIVITY_MAX_MS),
    productionFlag: read.boolean('PRODUCTION_ENVIRONMENT', tenant.production),
    confirmCodeTtlMinutes: read.integer('CONFIRM_CODE_TTL_MINUTES', 24 * 60, 1, 7 * 24 * 60),
    resetTtlMinutes: read.integer('RESET_TTL_MINUTES', 60, 1, 7 * 24 * 60),
    recommendationReminderDays: read.integer('RECOMMENDATION_REMINDER_DAYS', 7, 0, 29),
    bodyLimitBytes: read.integer('BODY_LIMIT_BYTES', 1_048_576, 1024, 64 * 1_048_576),
    keepAliveTimeoutMs: read.integer('KEEP_ALIVE_TIMEOUT_MS', 65_000, 1_000, 600_000),
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    adminApiKey: read.optional('ADMIN_API_KEY'),
    adminApiKeyLabel: read.string('ADMIN_API_KEY_LABEL', 'unlabelled'),
    rendererDir: path.resolve(cwd, read.string('RENDERER_DIR', './dist/renderer')),
    environment: read.oneOf('NODE_ENV', ENVIRONMENTS, 'development'),
    storage: readStorage(read, problems),
    role: read.oneOf('ROLE', ROLES, 'all'),
    migrateOnStart: read.boolean('MIGRATE_ON_START', true),
    metricsToken: read.optional('METRICS_TOKEN'),
    shutdownGraceMs: read.integer('SHUTDOWN_GRACE_MS', 10_000, 0, 120_000),
    docxConverter: readDocxConverter(read, env, problems),
    pgPrograms: { pgDump: findProgram('pg_dump', env.PATH), pgRestore: findProgram('pg_restore', env.PATH) },
    backup: readBackupSchedule(read, problems, cwd, dataDir),
    sealing: readSealingKeys(read, problems),
    dataExpiry: readDataExpiry(read, problems),
  };
  if (config.sealing === null && config.environment === 'production' && !problems.some((problem) => problem.startsWith('SEALING_'))) {
    problems.push(SEALING_KEYS_REQUIRED);
  }
  if (config.metricsToken !== null && config.metricsToken.length < 32) {
    problems.push('METRICS_TOKEN must be at least 32 characters long.');
  }
  if (config.mailBounceAddress !== null && !/^[A-Za-z0-9._-]{1,40}@[A-Za-z0-9.-]{1,200}$/.test(config.mailBounceAddress)) {
    problems.push('MAIL_BOUNCE_ADDRESS must be a plain address such as bounces@grad.example.edu (letters, digits, dots, dashes; no plus sign).');
  }
  if (config.adminApiKey !== null && config.adminApiKey.length < 32) {
    problems.push('ADMIN_API_KEY must be at least 32 characters long.');
  }
  if (!/^[^\p{Cc}"]{1,100}$/u.test(config.adminApiKeyLabel)) {
    problems.push('ADMIN_API_KEY_LABEL must be 1 to 100 characters, without quotes or control characters.');
  }
  if (config.sessionIdleMinutes > config.sessionMaxHours * 60) {
    problems.push('SESSION_IDLE_MINUTES must not exceed SESSION_MAX_HOURS.');
  }
  problems.push(...inactivitySettingsProblems({ timeoutMs: config.inactivityTimeoutMs, warningMs: config.inactivityWarningMs }));
  // The save before an inactivity logout must still find the session: the last keep-alive may be an
  // interval older than the last activity, and the server notes a request at most once a minute.
  if (config.inactivityTimeoutMs + KEEP_ALIVE_INTERVAL_MS + 60_000 > config.sessionIdleMinutes * 60_000) {
    problems.push(`INACTIVITY_TIMEOUT_MS must be at least ${(KEEP_ALIVE_INTERVAL_MS + 60_000) / 60_000} minutes shorter than SESSION_IDLE_MINUTES, so the save before an inactivity logout still finds the session alive.`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

export const SEALING_KEYS_REQUIRED =
  'SEALING_KEYS must be set in production: sensitive answers (the Social Security Number) are encrypted with it. Give id:key pairs (each key 32 random bytes in base64: openssl rand -base64 32) and SEALING_KEY_ID, the id new answers are sealed with.';

/** SEALING_KEYS and SEALING_KEY_ID (sealing-settings.ts); null when unset. */
function readSealingKeys(read: EnvReader, problems: string[]): SealingKeys | null {
  const list = read.optional('SEALING_KEYS');
  const currentId = read.optional('SEALING_KEY_ID');
  if (list === null) {
    if (currentId !== null) problems.push('SEALING_KEY_ID is set but SEALING_KEYS is not.');
    return null;
  }
  return parseSealingKeys(list, currentId, problems);
}

/** DOCX_CONVERTER: auto (LibreOffice where installed), libreoffice (required: its absence is a problem) or builtin. */
function readDocxConverter(read: EnvReader, env: Env, problems: string[]): DocxConverter {
  const { converter, problem } = chooseDocxConverter(read.oneOf('DOCX_CONVERTER', DOCX_CONVERTER_SETTINGS, 'auto'), env.PATH);
  if (problem) problems.push(problem);
  return converter;
}

const S3_SETTINGS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'];

/** S3 when S3_BUCKET is set, otherwise the local store; settings of the other kind are refused. */
function readStorage(read: EnvReader, problems: string[]): StorageConfig {
  const bucket = read.optional('S3_BUCKET');
  const secret = read.optional('STORAGE_SECRET');
  if (bucket === null) {
    const stray = S3_SETTINGS.filter((name) => read.optional(name) !== null);
    if (stray.length > 0) problems.push(`${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set but S3_BUCKET is not: set S3_BUCKET to store uploads in S3, or unset them to use the local store.`);
    if (secret !== null && secret.length < 32) problems.push('STORAGE_SECRET must be at least 32 characters long.');
    return { kind: 'local', secret };
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    problems.push(`S3_BUCKET must be a bucket name of 3 to 63 lower-case letters, digits, dots and hyphens (got "${bucket}").`);
  }
  if (secret !== null) problems.push('STORAGE_SECRET signs the local store\'s uploads and is not used with S3_BUCKET: unset one of them.');
  const region = read.string('S3_REGION', 'us-east-1');
  if (!/^[a-z0-9-]+$/.test(region)) problems.push(`S3_REGION must be a region name like us-east-1 (got "${region}").`);
  const accessKeyId = read.optional('S3_ACCESS_KEY_ID');
  const secretAccessKey = read.optional('S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === null) !== (secretAccessKey === null)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or both unset to use the AWS default credentials).');
  }
  const endpoint = read.optional('S3_ENDPOINT');
  if (endpoint !== null && safeOrigin(endpoint) === null) problems.push(`S3_ENDPOINT must be an http:// or https:// URL (got "${endpoint}").`);
  return {
    kind: 's3',
    bucket,
    endpoint: endpoint?.replace(/\/+$/, '') ?? null,
    region,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
    forcePathStyle: read.boolean('S3_FORCE_PATH_STYLE', false),
  };
}

/**
 * For command-line entry points (the server, the import tools): the configuration, or null after
 * printing every bad setting, so the caller exits with a usage status instead of a stack trace.
 */
export function loadConfigOrReport(env: Env = process.env): Config | null {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return null;
  }
}
