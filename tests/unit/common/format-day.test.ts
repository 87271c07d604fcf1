import { describe, expect, it } from 'vitest';
import { formatDay } from '../../../common/form/format-day';
import { tenant } from '../../../common/form/tenant';

describe("formatDay, the one way a date is written (the checklist's and every mail's)", () => {
  it("writes the school's calendar day, not UTC's: 03:00 UTC on Jan 6 is still Jan 5 in New York", () => {
    expect(tenant.time_zone).toBe('America/New_York');
    expect(formatDay('2027-01-06T03:00:00.000Z')).toBe('Jan 5, 2027');
    expect(formatDay('2027-01-06T05:00:00.000Z')).toBe('Jan 6, 2027');
  });

  it('takes a time in milliseconds as well as an ISO string, for the same day', () => {
    expect(formatDay(Date.UTC(2027, 0, 6, 3))).toBe('Jan 5, 2027');
    expect(formatDay(Date.UTC(2026, 6, 1, 12))).toBe(formatDay('2026-07-01T12:00:00.000Z'));
  });
});
