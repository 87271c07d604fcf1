import { describe, expect, it } from 'vitest';
import { DAY_MS, draftTimeline, retentionEndsAt, termEndsAt } from '../../../../backend/data-expiry/expiry-timeline';
import { loadConfig } from '../../../../backend/platform/config';
import { configProblems } from '../config-problems';

const settings = { draftExpiryDays: 60, reminderDays: [30, 7], retentionMonthsAfterTerm: 12 };
const at = Date.UTC(2027, 0, 1);

describe("an idle draft's timeline (issue 35 item 3)", () => {
  it('is due a reminder at each threshold before the limit, then deletion at the limit', () => {
    expect(draftTimeline(at, [], settings, at + 29 * DAY_MS)).toEqual({ reminder: { daysBefore: 30, dueAt: at + 30 * DAY_MS, deletesAt: at + 60 * DAY_MS }, deletesAt: at + 60 * DAY_MS, expired: false });
    const first = { days_before: 30, deletes_at: at + 60 * DAY_MS };
    expect(draftTimeline(at, [first], settings, at + 53 * DAY_MS).reminder).toEqual({ daysBefore: 7, dueAt: at + 53 * DAY_MS, deletesAt: at + 60 * DAY_MS });
    const both = [first, { days_before: 7, deletes_at: at + 60 * DAY_MS }];
    expect(draftTimeline(at, both, settings, at + 60 * DAY_MS - 1)).toMatchObject({ reminder: null, expired: false });
    expect(draftTimeline(at, both, settings, at + 60 * DAY_MS)).toMatchObject({ reminder: null, expired: true });
  });

  it('never deletes before the last reminder is sent, nor before the date a late one named; thresholds passed together are mailed once', () => {
    const late = at + 90 * DAY_MS;
    // The jobs were stopped past the limit: the nearest threshold now, naming a date that far ahead.
    expect(draftTimeline(at, [], settings, late)).toEqual({ reminder: { daysBefore: 7, dueAt: at + 53 * DAY_MS, deletesAt: late + 7 * DAY_MS }, deletesAt: late + 7 * DAY_MS, expired: false });
    const sent = [{ days_before: 7, deletes_at: late + 7 * DAY_MS }];
    expect(draftTimeline(at, sent, settings, late + 7 * DAY_MS - 1)).toMatchObject({ reminder: null, expired: false });
    expect(draftTimeline(at, sent, settings, late + 7 * DAY_MS)).toMatchObject({ reminder: null, expired: true });
  });

  it('without reminders, expires at the limit', () => {
    expect(draftTimeline(at, [], { ...settings, reminderDays: [] }, at + 60 * DAY_MS)).toEqual({ reminder: null, deletesAt: at + 60 * DAY_MS, expired: true });
  });
});

describe("a submitted application's retention", () => {
  it("ends the configured months after its term ends (the next term's first day)", () => {
    expect(termEndsAt('2027SP')).toBe(Date.UTC(2027, 4, 26));
    expect(termEndsAt('2027FA')).toBe(Date.UTC(2028, 0, 26));
    expect(termEndsAt('2027XX')).toBeNull();
    expect(retentionEndsAt('2027FA', at, settings)).toBe(Date.UTC(2029, 0, 26));
    expect(retentionEndsAt(null, at, settings)).toBe(Date.UTC(2028, 0, 1));
  });
});

describe('data expiry settings', () => {
  it('default to a year of inactivity, reminders 30 and 7 days before, and 12 months after the term', () => {
    expect(loadConfig({}).dataExpiry).toEqual({ draftExpiryDays: 365, reminderDays: [30, 7], retentionMonthsAfterTerm: 12 });
    expect(loadConfig({ DRAFT_EXPIRY_DAYS: '90', DRAFT_REMINDER_DAYS: '7, 14,14', RETENTION_MONTHS_AFTER_TERM: '60' }).dataExpiry).toEqual({ draftExpiryDays: 90, reminderDays: [14, 7], retentionMonthsAfterTerm: 60 });
    expect(loadConfig({ DRAFT_REMINDER_DAYS: 'none' }).dataExpiry.reminderDays).toEqual([]);
  });

  it('names every bad setting', () => {
    expect(configProblems({ DRAFT_EXPIRY_DAYS: '7' })).toContain('DRAFT_EXPIRY_DAYS must be a whole number from 30 to 3650 (got "7").');
    expect(configProblems({ RETENTION_MONTHS_AFTER_TERM: '0' })).toContain('RETENTION_MONTHS_AFTER_TERM must be a whole number from 1 to 1200 (got "0").');
    expect(configProblems({ DRAFT_EXPIRY_DAYS: '60', DRAFT_REMINDER_DAYS: '30,60' })).toContain('DRAFT_REMINDER_DAYS must be up to 5 whole numbers');
    expect(configProblems({ DRAFT_REMINDER_DAYS: 'soon' })).toContain('DRAFT_REMINDER_DAYS must be up to 5 whole numbers');
  });
});
