import type { EnvReader } from './env-reader';

/** How long applicants' data is kept (issue 35 item 3; docs/decisions.md, "Data that expires"). */
export interface DataExpirySettings {
  /** DRAFT_EXPIRY_DAYS: an unsubmitted draft with no sign-in and no save for this long is deleted. */
  draftExpiryDays: number;
  /** DRAFT_REMINDER_DAYS: the days before that deletion on which a reminder is mailed, largest first; empty: none. */
  reminderDays: number[];
  /** RETENTION_MONTHS_AFTER_TERM: a submitted application is deleted this long after its entry term ends. */
  retentionMonthsAfterTerm: number;
}

export const DEFAULT_DRAFT_EXPIRY_DAYS = 365;
export const DEFAULT_REMINDER_DAYS = [30, 7];
export const DEFAULT_RETENTION_MONTHS_AFTER_TERM = 12;

/** Reads and checks the three settings; each problem is named in words an operator can act on. */
export function readDataExpiry(read: EnvReader, problems: string[]): DataExpirySettings {
  const draftExpiryDays = read.integer('DRAFT_EXPIRY_DAYS', DEFAULT_DRAFT_EXPIRY_DAYS, 30, 3650);
  const retentionMonthsAfterTerm = read.integer('RETENTION_MONTHS_AFTER_TERM', DEFAULT_RETENTION_MONTHS_AFTER_TERM, 1, 1200);
  const raw = read.optional('DRAFT_REMINDER_DAYS');
  if (raw === null) return { draftExpiryDays, reminderDays: DEFAULT_REMINDER_DAYS, retentionMonthsAfterTerm };
  if (raw.toLowerCase() === 'none') return { draftExpiryDays, reminderDays: [], retentionMonthsAfterTerm };
  const items = raw.split(',').map((item) => item.trim());
  const reminderDays = [...new Set(items.map(Number))].sort((a, b) => b - a);
  if (items.some((item) => !/^\d+$/.test(item)) || reminderDays.some((days) => days < 1 || days >= draftExpiryDays) || reminderDays.length > 5) {
    problems.push(`DRAFT_REMINDER_DAYS must be up to 5 whole numbers of days, comma-separated, each from 1 to less than DRAFT_EXPIRY_DAYS (${draftExpiryDays}), or none (got "${raw}").`);
    return { draftExpiryDays, reminderDays: DEFAULT_REMINDER_DAYS.filter((days) => days < draftExpiryDays), retentionMonthsAfterTerm };
  }
  return { draftExpiryDays, reminderDays, retentionMonthsAfterTerm };
}
