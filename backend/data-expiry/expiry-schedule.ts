import type { DataExpirySettings } from '../platform/expiry-settings';
import type { DataExpiryStore, IdleDraft, SubmittedApplication } from './data-expiry-store';
import { addMonths, DAY_MS, draftTimeline, retentionEndsAt, type DraftTimeline } from './expiry-timeline';

/** Drafts one look reads at most, the longest idle first; the rest come at the next. */
export const DRAFTS_PER_LOOK = 1000;

export type DraftDue = IdleDraft & { timeline: DraftTimeline };
export type RetentionDue = SubmittedApplication & { deletesAt: number };

/**
 * The drafts with a reminder or their deletion due by `until` (now: what to do now; later: what
 * staff see coming), each with its timeline. A draft idle for less than the limit minus the
 * largest reminder is not read at all.
 */
export async function draftsDue(store: DataExpiryStore, settings: DataExpirySettings, now: number, until = now): Promise<DraftDue[]> {
  const firstNotice = settings.draftExpiryDays - Math.max(0, ...settings.reminderDays);
  const drafts = await store.idleDrafts(until - firstNotice * DAY_MS, DRAFTS_PER_LOOK);
  const sent = await store.remindersOf(drafts.map((draft) => draft.account_id));
  return drafts
    .map((draft) => ({
      ...draft,
      timeline: draftTimeline(draft.activity_at, sent.filter((reminder) => reminder.account_id === draft.account_id && reminder.activity_at === draft.activity_at), settings, now),
    }))
    .filter(({ timeline }) => timeline.deletesAt <= until || (timeline.reminder !== null && timeline.reminder.dueAt <= until));
}

/** The submitted applications whose retention ends by `until`, the soonest first. */
export async function retentionDue(store: DataExpiryStore, settings: DataExpirySettings, until: number): Promise<RetentionDue[]> {
  // A term ends after its application was submitted: none submitted later can be due.
  const submitted = await store.submittedBefore(addMonths(until, -settings.retentionMonthsAfterTerm));
  return submitted
    .map((application) => ({ ...application, deletesAt: retentionEndsAt(application.term, application.submitted_at, settings) }))
    .filter((application) => application.deletesAt <= until)
    .sort((a, b) => a.deletesAt - b.deletesAt);
}
