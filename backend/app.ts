import Koa from 'koa';
import type { Logger } from 'pino';
import { pathsUnder, SESSION_PATH_PREFIX, SESSIONLESS_PATH_PREFIXES } from '../common/api';
import { sessionCookieName } from '../common/session-cookies';
import { assertShippedFormDefinition } from '../common/form/check-definition';
import { formPages } from '../common/form/pages';
import { createAccessTokenService } from './access-tokens/token-service';
import { createAnswerService } from './applicant/answer-service';
import { createApplicationPdfService } from './application-pdfs/application-pdf-service';
import { createFormStateService } from './applicant/form-state-service';
import { createProfileService } from './applicant/profile-service';
import { createSubmissionService } from './applicant/submission-service';
import { createUploadService } from './applicant/upload-service';
import { createAccountService } from './auth/account-service';
import { createRateLimiter, defaultRateLimits, type RateLimits } from './security/rate-limiter';
import { requireSession } from './auth/require-session';
import { sessionCookies } from './auth/session-cookies';
import { createSessionService, sessionPolicy } from './auth/session-service';
import { systemClock, type Clock } from './platform/clock';
import type { Config } from './platform/config';
import { createConversionService } from './conversions/conversion-service';
import { requestId } from './http/request-id';
import { apiParts } from './http/api-parts';
import { errorHandler, HttpError } from './http/errors';
import { jsonBody } from './http/json-body';
import { originCheck } from './http/origin-check';
import { rendererFiles } from './http/renderer-files';
import { securityHeaders } from './http/security-headers';
import { textOnlyAddress } from './http/text-only';
import { createLogger, requestLog } from './platform/log';
import { createLifecycle, type Lifecycle } from './health/lifecycle';
import { createLookupService } from './lookups/lookup-service';
import type { Metrics } from './metrics/metrics';
import { metricsEndpoint, requestMetrics } from './metrics/metrics-routes';
import { applicantAccountRoutes } from './applicant/account-routes';
import { applicantAnswerRoutes } from './applicant/answer-routes';
import { applicantDocumentRoutes } from './conversions/document-routes';
import { laterDocumentRoutes } from './conversions/later-document-routes';
import { applicantFormStateRoutes } from './applicant/form-state-routes';
import { applicantPdfRoutes } from './application-pdfs/pdf-routes';
import { applicantSubmissionRoutes } from './applicant/submission-routes';
import { accessTokenRoutes } from './access-tokens/token-routes';
import { bounceRoutes } from './bounces/bounce-routes';
import { healthRoutes } from './health/health-routes';
import { lookupRoutes } from './lookups/lookup-routes';
import { publicAuthRoutes } from './auth/public-auth-routes';
import { localUploadRoutes, presignedUrlRoutes } from './applicant/upload-routes';
import { applicantChecklistRoutes, staffChecklistRoutes } from './checklist/checklist-routes';
import { createChecklistService } from './checklist/checklist-service';
import { createRecommendations } from './recommendations/recommendations-side';
import { createStaffSide, isStaffApiPath } from './staff/staff-side';
import { createAccountDeletion } from './applicant-data/account-deletion';
import { applicantDataRoutes, staffDeletionRequestRoutes } from './applicant-data/applicant-data-routes';
import { createApplicantPurge } from './applicant-data/delete-applicant';
import { staffDataExpiryRoutes } from './data-expiry/data-expiry-routes';
import { staffCookieName } from './staff/staff-cookie';
import type { StaffRateLimits } from './staff/staff-auth-service';
import { createObjectStore, isLocalObjectStore, type ObjectStore } from './storage';
import type { Store } from './open-store';

export interface AppDeps {
  config: Config;
  store: Store;
  logger?: Logger;
  clock?: Clock;
  rateLimits?: RateLimits;
  /** The staff logins' and invitations' limits (defaultStaffRateLimits by default). */
  staffRateLimits?: StaffRateLimits;
  /** Defaults to the store the configuration selects (createObjectStore). */
  objects?: ObjectStore;
  /** Told when a conversion job is recorded: the entry point pokes its worker loop (backend/conversions/worker-loop.ts). */
  onConversionQueued?: () => void;
  /** Told when an application PDF generation is recorded: the entry point pokes its loop (backend/application-pdfs/generate-job.ts). */
  onApplicationPdfQueued?: () => void;
  /** Told when an account e-mail is recorded in the outbox: the entry point pokes its mail sender (backend/mail/mail-sender.ts). */
  onMailQueued?: () => void;
  /** Draining after SIGTERM turns readiness false; a fresh, serving one by default. */
  lifecycle?: Lifecycle;
  /** The instance's metrics (METRICS_TOKEN set); none measured otherwise. */
  metrics?: Metrics;
  /** Which converter Word documents go through, for readiness. */
  docxConverter?: string;
}

/** What both kinds of instance serve first: request ids, the log, metrics, errors, liveness and readiness. */
function useOperationsRoutes(app: Koa, deps: AppDeps, logger: Logger): void {
  const { config, store } = deps;
  const lifecycle = deps.lifecycle ?? createLifecycle();
  // While draining, each answer closes its connection, so a keep-alive client comes back through
  // the load balancer to an instance that stays.
  app.use((ctx, next) => {
    if (lifecycle.draining) ctx.set('Connection', 'close');
    return next();
  });
  app.use(requestId(config.trustProxyHops > 0));
  app.use(requestLog(logger));
  if (deps.metrics) app.use(requestMetrics(deps.metrics));
  app.use(securityHeaders({ https: config.secureCookies, uploadOrigin: deps.objects?.uploadOrigin ?? null }));
  app.use(errorHandler(logger));
  // Text is text (issue 24): a path or query holding a control character is refused before any route reads it.
  app.use(textOnlyAddress());
  app.use(metricsEndpoint(deps.metrics ?? null, config.metricsToken));
  app.use(healthRoutes({ store, lifecycle, role: config.role, docxConverter: deps.docxConverter }).routes());
}

/**
 * A worker instance's HTTP: /health, /ready and /metrics only, for its orchestrator and scraper.
 * Applicants and staff are served by web instances.
 */
export function createWorkerApp(deps: AppDeps): Koa {
  const logger = deps.logger ?? createLogger(deps.config.logLevel);
  const app = new Koa({ proxy: deps.config.trustProxyHops > 0, maxIpsCount: deps.config.trustProxyHops });
  app.silent = true;
  useOperationsRoutes(app, deps, logger);
  app.use(() => {
    throw new HttpError(404, 'Not found.');
  });
  return app;
}

/**
 * A method no router implements (MKCOL, PROPFIND...) is the client's mistake: 405 like a known
 * method on the wrong path, where @koa/router would answer 501 (and the error handler 500).
 */
const allowedMethods = { throw: true, notImplemented: () => new HttpError(405, 'This method is not allowed here.') };

/** Builds the Koa application; only the entry point calls listen() (STYLE.md, the koa anchor). */
export function createApp(deps: AppDeps): Koa {
  const { config, store } = deps;
  // Spec platform section 5: in local development a misconfigured form refuses to start, naming every problem.
  if (config.environment === 'development') assertShippedFormDefinition(formPages);
  const logger = deps.logger ?? createLogger(config.logLevel);
  const clock = deps.clock ?? systemClock;

  const policy = sessionPolicy(config);
  const sessions = createSessionService(store, policy, clock);
  const cookies = sessionCookies({ prefix: config.cookiePrefix, secure: config.secureCookies, maxAgeMs: policy.maxMs });
  const loginRateLimit = createRateLimiter(store, deps.rateLimits ?? defaultRateLimits, clock);
  const accounts = createAccountService({
    store,
    onMailQueued: (message) => {
      if (config.environment === 'development') logger.info({ to: message.to }, `development mail: ${message.devSummary}`);
      deps.onMailQueued?.();
    },
    sessions,
    rateLimit: loginRateLimit,
    clock,
    publicUrl: config.publicUrl,
    confirmCodeTtlMinutes: config.confirmCodeTtlMinutes,
    resetTtlMinutes: config.resetTtlMinutes,
  });
  const profiles = createProfileService(store, clock);
  const objects = deps.objects ?? createObjectStore(config, clock);
  const uploads = createUploadService(store, objects, clock);
  const conversions = createConversionService({ store, objects, uploads, clock, logger, onQueued: deps.onConversionQueued });
  const applicationPdfs = createApplicationPdfService({ store, objects, clock, logger, onQueued: deps.onApplicationPdfQueued });

  // Only the entries the trusted proxies appended count: the client writes the rest of X-Forwarded-For.
  const app = new Koa({ proxy: config.trustProxyHops > 0, maxIpsCount: config.trustProxyHops });
  app.silent = true;

  const publicRouter = publicAuthRoutes(accounts, cookies);
  const lookupRouter = lookupRoutes(createLookupService(store));
  // The checklist (issue 28 items 1 and 4): its summary is refreshed by each fact that changes it.
  const checklist = createChecklistService({ store, clock, onMailQueued: deps.onMailQueued });
  // Letters of recommendation (issue 28): a recommender's call carrying either side's session is refused.
  const recommendations = createRecommendations({
    store,
    clock,
    publicUrl: config.publicUrl,
    sessionCookieNames: [sessionCookieName(config.cookiePrefix), staffCookieName(config.cookiePrefix)],
    onMailQueued: deps.onMailQueued,
    onChecklistChanged: checklist.refresh,
    fileComplete: async (accountId) => (await checklist.forApplicant(accountId)).summary.complete,
    logger,
    objects,
    uploads,
    conversions,
  });
  // The submission is committed before the checklist's summary and receipt are written: when those
  // fail, the applicant is still told it was submitted (a repeated Submit writes them; the checklist
  // itself is always built from the facts).
  const afterSubmission = (accountId: string) =>
    checklist.submitted(accountId).catch((error: unknown) => logger.error({ err: error, accountId }, 'the checklist summary or receipt after a submission failed; the submission stands'));
  // An applicant's own data (issue 35 item 4): one purge deletes an account, whoever asks.
  const purge = createApplicantPurge({ store, objects, clock, logger });
  const deletion = createAccountDeletion({ store, purge, rateLimit: loginRateLimit, clock });
  const applicantRouters = [
    applicantDataRoutes({ store, objects, pdfs: applicationPdfs, deletion, cookies, clock }),
    applicantChecklistRoutes(checklist),
    recommendations.applicantRouter,
    applicantAccountRoutes(profiles, sessions, cookies),
    applicantAnswerRoutes(createAnswerService(store, clock, conversions)),
    presignedUrlRoutes(uploads),
    applicantDocumentRoutes(conversions),
    laterDocumentRoutes(store, conversions),
    applicantFormStateRoutes(createFormStateService(store, clock)),
    applicantPdfRoutes(applicationPdfs),
    applicantSubmissionRoutes(createSubmissionService(store, clock, afterSubmission)),
  ];
  // The local store's upload endpoint stands in for a bucket: it reads multipart itself (before the
  // JSON parser) and, like S3, takes a form from any origin, the signed policy being its authorization.
  const localUploadRouter = isLocalObjectStore(objects) ? localUploadRoutes(objects, uploads) : null;

  useOperationsRoutes(app, { ...deps, objects }, logger);
  app.use(
    rendererFiles({
      rendererDir: config.rendererDir,
      cookiePrefix: config.cookiePrefix,
      inactivity: { timeoutMs: config.inactivityTimeoutMs, warningMs: config.inactivityWarningMs },
      productionFlag: config.productionFlag,
    }),
  );
  if (localUploadRouter) app.use(localUploadRouter.routes());
  app.use(originCheck(config.allowedOrigins));
  // Bounces are mails, not JSON: their route reads its own body, behind the admin key (issue 28 item 2).
  if (config.adminApiKey !== null) {
    const bounces = bounceRoutes({ adminApiKey: config.adminApiKey, bounceAddress: config.mailBounceAddress, store, clock, logger });
    app.use(bounces.routes());
    app.use(bounces.allowedMethods(allowedMethods));
  }
  app.use(jsonBody(config.bodyLimitBytes));
  // Service and prefill tokens open no session: they reach only their own read-only routes.
  const tokens = createAccessTokenService({ store, objects, clock, publicUrl: config.publicUrl });
  // Staff (issue 19): their own session and cookie; /api/staff is answered by its own part, never past the staff guard.
  // Staff read and export the office's PDF, which carries the letters; a service link, the applicant's.
  const staff = createStaffSide({ config, store, objects, applicationPdfs: applicationPdfs.office, clock, rateLimits: deps.staffRateLimits, tokens, logger, checklist });
  app.use(
    apiParts(
      [
        {
          name: 'sessionless',
          owns: pathsUnder(...SESSIONLESS_PATH_PREFIXES),
          routers: [
            publicRouter,
            lookupRouter,
            recommendations.recommenderRouter,
            ...accessTokenRoutes(tokens, applicationPdfs, { apiKey: config.adminApiKey, apiKeyLabel: config.adminApiKeyLabel, store, clock }, staff.accessLog),
            ...staff.publicRouters,
          ],
        },
        {
          name: 'staff',
          owns: isStaffApiPath,
          guard: staff.guard,
          routers: [
            ...staff.apiRouters,
            staffChecklistRoutes(checklist, store, staff.accessLog),
            staffDeletionRequestRoutes({ store, purge, accessLog: staff.accessLog }),
            staffDataExpiryRoutes({ store, settings: config.dataExpiry, accessLog: staff.accessLog, clock }),
          ],
        },
        { name: 'applicant', owns: pathsUnder(SESSION_PATH_PREFIX), guard: requireSession(sessions, cookies), routers: applicantRouters },
      ],
      allowedMethods,
    ),
  );
  return app;
}
