import Router from '@koa/router';
import type { DataExpiryResponse } from '../../common/applicant-data-api';
import { staffPaths } from '../../common/staff-api';
import type { AccessLog } from '../access-log/access-log';
import { clientAddress } from '../http/client-address';
import type { Clock } from '../platform/clock';
import type { DataExpirySettings } from '../platform/expiry-settings';
import { requireRole } from '../security/require-role';
import type { DataExpiryStore } from './data-expiry-store';
import { draftsDue, retentionDue } from './expiry-schedule';
import { DAY_MS } from './expiry-timeline';

/** What "what is due" lists: everything due within this many days. */
export const DATA_EXPIRY_HORIZON_DAYS = 30;

const iso = (at: number) => new Date(at).toISOString();

/**
 * What expires (admin role, issue 35 item 3): the drafts whose reminder or deletion is due within
 * the horizon, and the submitted applications whose retention ends within it, read as the jobs
 * read them. Listing is in the access log. Mounted behind requireStaff.
 */
export function staffDataExpiryRoutes(deps: { store: { dataExpiry: DataExpiryStore }; settings: DataExpirySettings; accessLog: AccessLog; clock: Clock }): Router {
  const router = new Router();

  router.get(staffPaths.dataExpiry, requireRole('admin'), async (ctx) => {
    const now = deps.clock();
    const until = now + DATA_EXPIRY_HORIZON_DAYS * DAY_MS;
    const drafts = (await draftsDue(deps.store.dataExpiry, deps.settings, now, until)).sort((a, b) => Math.min(a.timeline.deletesAt, a.timeline.reminder?.dueAt ?? Infinity) - Math.min(b.timeline.deletesAt, b.timeline.reminder?.dueAt ?? Infinity));
    const submitted = await retentionDue(deps.store.dataExpiry, deps.settings, until);
    await deps.accessLog.staff(ctx.state.staff!, 'list', { detail: 'data expiry', address: clientAddress(ctx) });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      settings: { draft_expiry_days: deps.settings.draftExpiryDays, reminder_days: deps.settings.reminderDays, retention_months_after_term: deps.settings.retentionMonthsAfterTerm },
      horizon_days: DATA_EXPIRY_HORIZON_DAYS,
      drafts: drafts.map((draft) => ({
        application_id: draft.account_id,
        email: draft.username,
        name: draft.name,
        last_activity_at: iso(draft.activity_at),
        next_reminder: draft.timeline.reminder ? { days_before: draft.timeline.reminder.daysBefore, due_at: iso(draft.timeline.reminder.dueAt) } : null,
        deletes_at: iso(draft.timeline.deletesAt),
      })),
      submitted: submitted.map((application) => ({
        application_id: application.account_id,
        email: application.username,
        name: application.name,
        submitted_at: iso(application.submitted_at),
        term: application.term,
        deletes_at: iso(application.deletesAt),
      })),
    } satisfies DataExpiryResponse;
  });

  return router;
}
