import { tenant, type EntryTerm } from '../../common/form/tenant';
import type { DataExpirySettings } from '../platform/expiry-settings';

export const DAY_MS = 24 * 60 * 60_000;

/** A reminder already mailed for a draft's current activity. */
export interface SentReminder {
  days_before: number;
  deletes_at: number;
}

/** Where a draft stands: the reminder it is due (now or later), and when it goes. */
export interface DraftTimeline {
  /** The next reminder: its threshold, when it is due, and the deletion date it will name; null when all are sent. */
  reminder: { daysBefore: number; dueAt: number; deletesAt: number } | null;
  /** The deletion date: never before the date the last reminder named, nor before the last reminder is sent. */
  deletesAt: number;
  /** True when the draft may be deleted now. */
  expired: boolean;
}

/**
 * An idle draft's timeline (issue 35 item 3). It is deleted `draftExpiryDays` after its last
 * activity, once every reminder threshold has been mailed, and never before the date a reminder
 * named: a reminder sent late (the jobs were stopped) names a later date, and the rest follow it.
 * Thresholds already passed together are mailed once, as the nearest.
 */
export function draftTimeline(activityAt: number, sent: readonly SentReminder[], settings: DataExpirySettings, now: number): DraftTimeline {
  const promised = Math.max(activityAt + settings.draftExpiryDays * DAY_MS, ...sent.map((reminder) => reminder.deletes_at));
  const smallestSent = Math.min(Infinity, ...sent.map((reminder) => reminder.days_before));
  const pending = settings.reminderDays.filter((days) => days < smallestSent);
  if (pending.length === 0) return { reminder: null, deletesAt: promised, expired: now >= promised };
  const due = pending.filter((days) => promised - days * DAY_MS <= now);
  if (due.length > 0) {
    const daysBefore = Math.min(...due);
    const deletesAt = Math.max(promised, now + daysBefore * DAY_MS);
    return { reminder: { daysBefore, dueAt: promised - daysBefore * DAY_MS, deletesAt }, deletesAt, expired: false };
  }
  const daysBefore = Math.max(...pending);
  return { reminder: { daysBefore, dueAt: promised - daysBefore * DAY_MS, deletesAt: promised }, deletesAt: promised, expired: false };
}

const TERM_VALUE = /^(\d{4})([A-Z]+)$/;

/**
 * When an entry term (`2027SP`) ends: the first day of classes of the next term (tenant.ts lists
 * them in calendar order; after the last, the first of the next year), at 00:00 UTC. null for a
 * value naming no configured term.
 */
export function termEndsAt(term: string, terms: readonly EntryTerm[] = tenant.entry_terms): number | null {
  const match = TERM_VALUE.exec(term);
  const index = match ? terms.findIndex((candidate) => candidate.code === match[2]) : -1;
  if (!match || index < 0) return null;
  const next = terms[(index + 1) % terms.length]!;
  const year = Number(match[1]) + (index + 1 === terms.length ? 1 : 0);
  return Date.UTC(year, next.startMonth - 1, next.startDay);
}

/** Adds calendar months to a time (UTC). */
export function addMonths(at: number, months: number): number {
  const date = new Date(at);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes());
}

/**
 * When a submitted application is deleted: `retentionMonthsAfterTerm` after its entry term ends;
 * after its submission when its term names none configured (a term since removed from tenant.ts).
 */
export function retentionEndsAt(term: string | null, submittedAt: number, settings: DataExpirySettings): number {
  return addMonths((term === null ? null : termEndsAt(term)) ?? submittedAt, settings.retentionMonthsAfterTerm);
}
