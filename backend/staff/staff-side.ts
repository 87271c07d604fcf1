import type Router from '@koa/router';
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock';
import type { Config } from '../platform/config';
import { staffAccountRoutes } from './account-routes';
import { staffAuthRoutes } from './auth-routes';
import { staffExportRoutes } from './export-routes';
import { staffInboxRoutes, type StaffChecklistView } from './inbox-routes';
import { staffServiceLinkRoutes } from './service-link-routes';
import { staffSensitiveAnswerRoutes } from './sensitive-answer-routes';
import type { AccessTokenService } from '../access-tokens/token-service';
import type { ApplicationPdfService } from '../application-pdfs/application-pdf-service';
import type { ObjectStore } from '../storage';
import type { StaffAccessLogStore } from '../access-log/access-log-store';
import type { ApplicationRecordStore } from '../applicant/application-record';
import type { AccountStore } from '../auth/accounts-store';
import type { RateLimitStore } from '../security/rate-limits-store';
import type { StaffExportStore } from './exports-store';
import type { StaffInboxStore } from './inbox-store';
import type { StaffStore } from './staff-store';
import { createAccessLog } from '../access-log/access-log';
import { createInbox } from './inbox';
import { requireStaff } from './require-staff';
import { createStaffAuthService, type StaffRateLimits } from './staff-auth-service';
import { staffCookie } from './staff-cookie';
import { createStaffSessionService } from './staff-sessions';

/** The store parts the staff side reads and writes: its own, the applications it shows, and the access log. */
export interface StaffSideStore extends ApplicationRecordStore {
  accounts: AccountStore;
  staff: StaffStore;
  staffInbox: StaffInboxStore;
  staffExports: StaffExportStore;
  accessLog: StaffAccessLogStore;
  rateLimits: RateLimitStore;
}

export interface StaffSideDeps {
  config: Pick<Config, 'cookiePrefix' | 'secureCookies'>;
  store: StaffSideStore;
  objects: ObjectStore;
  applicationPdfs: Pick<ApplicationPdfService, 'status' | 'applicationPdfFor'>;
  clock: Clock;
  rateLimits?: StaffRateLimits;
  /** Service links, which admins mint, list and revoke here. */
  tokens: AccessTokenService;
  /** The checklist and the letters of one application, for its view (backend/checklist). */
  checklist: StaffChecklistView;
  /** Where the inbox logs a row it could not refresh. */
  logger?: Logger;
}

/** /api/staff and everything under it, whatever the case (the routers match paths case-insensitively). */
export function isStaffApiPath(path: string): boolean {
  const lower = path.toLowerCase();
  return lower === '/api/staff' || lower.startsWith('/api/staff/');
}

/**
 * The staff side's routers and guard, for createApp to mount: `publicRouters` with the other
 * unauthenticated calls; `guard`, then `apiRouters`, as the API part of the paths `isStaffApiPath`
 * names, before the applicants' part, so no /api/staff call ever reaches an applicant's session
 * or is answered by one.
 */
export function createStaffSide(deps: StaffSideDeps) {
  const { config, store, clock } = deps;
  const sessions = createStaffSessionService(store, clock);
  const cookie = staffCookie({ prefix: config.cookiePrefix, secure: config.secureCookies, maxAgeMs: sessions.policy.maxMs });
  const auth = createStaffAuthService({ store, sessions, clock, rateLimits: deps.rateLimits });
  const guardStaff = requireStaff(sessions, cookie, store);

  const publicRouters: Router[] = [staffAuthRoutes(auth, cookie)];
  const accessLog = createAccessLog(store, clock);
  const apiRouters: Router[] = [
    staffAccountRoutes(auth, sessions, cookie),
    staffInboxRoutes({ store, objects: deps.objects, inbox: createInbox(store, clock, deps.logger), accessLog, pdfs: deps.applicationPdfs, checklist: deps.checklist }),
    staffExportRoutes(store, accessLog, deps.applicationPdfs),
    staffServiceLinkRoutes(deps.tokens, accessLog),
    staffSensitiveAnswerRoutes(store, accessLog),
  ];
  return { publicRouters, guard: guardStaff, apiRouters, sessions, accessLog };
}
