import { afterEach, describe, expect, it } from 'vitest';
import { dayIn, institutionToday, isCalendarDay, isoDateOf, isTimeZone, yearsBefore } from '../../../../common/form/calendar-day';
import { tenant } from '../../../../common/form/tenant';

describe('a calendar day written YYYY-MM-DD', () => {
  it('is a day the calendar has', () => {
    for (const day of ['2026-01-01', '2026-01-31', '2026-04-30', '2026-12-31', '1900-02-28', '0001-01-01', '9999-12-31']) {
      expect(isCalendarDay(day), day).toBe(true);
    }
    for (const day of ['2026-02-30', '2026-02-29', '2026-04-31', '2026-06-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-01-32', '0000-01-01']) {
      expect(isCalendarDay(day), day).toBe(false);
    }
  });

  it('has 29 February in leap years only: every fourth year, but not centuries unless divisible by 400', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2000-02-29')).toBe(true);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2023-02-29')).toBe(false);
    expect(isCalendarDay('1900-02-29')).toBe(false);
    expect(isCalendarDay('2100-02-29')).toBe(false);
  });

  it('is written exactly YYYY-MM-DD, nothing around it', () => {
    for (const text of ['2026-1-5', '26-01-05', '2026/01/05', ' 2026-01-05', '2026-01-05 ', '2026-01-05T00:00', '+02026-01-05', '２０２６-01-05', '', '01/05/2026']) {
      expect(isCalendarDay(text), text).toBe(false);
    }
  });

  it('goes back whole years to the same day, 29 February to 28 in a common year', () => {
    expect(yearsBefore(new Date(2026, 4, 15), 13)).toBe('2013-05-15');
    expect(yearsBefore(new Date(2028, 1, 29), 13)).toBe('2015-02-28');
    expect(yearsBefore(new Date(2028, 1, 29), 4)).toBe('2024-02-29');
  });
});

describe('"today" where the institution is', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });
  const dayAt = (timeZone: string, instant: string) => isoDateOf(dayIn(timeZone, Date.parse(instant)));

  it('turns at midnight in Asia/Tokyo (UTC+9), not at the machine’s midnight', () => {
    expect(dayAt('Asia/Tokyo', '2026-11-25T14:59:59.999Z')).toBe('2026-11-25');
    expect(dayAt('Asia/Tokyo', '2026-11-25T15:00:00.000Z')).toBe('2026-11-26');
  });

  it('turns at midnight in America/Los_Angeles, eight hours behind UTC in winter and seven in summer', () => {
    expect(dayAt('America/Los_Angeles', '2026-11-26T07:59:59.999Z')).toBe('2026-11-25');
    expect(dayAt('America/Los_Angeles', '2026-11-26T08:00:00.000Z')).toBe('2026-11-26');
    expect(dayAt('America/Los_Angeles', '2026-07-04T06:59:59.999Z')).toBe('2026-07-03');
    expect(dayAt('America/Los_Angeles', '2026-07-04T07:00:00.000Z')).toBe('2026-07-04');
  });

  it('turns at the minute a half-hour zone reaches midnight, asked again and again within each minute', () => {
    // Asia/Kolkata is UTC+5:30: its midnight is 18:30 UTC. The day is kept for the minute it was
    // worked out in, never across one.
    for (let second = 0; second < 3; second += 1) {
      expect(dayAt('Asia/Kolkata', `2026-11-25T18:29:5${second}.999Z`)).toBe('2026-11-25');
      expect(dayAt('Asia/Kolkata', `2026-11-25T18:30:0${second}.000Z`)).toBe('2026-11-26');
      expect(dayAt('Asia/Kolkata', '2026-11-25T18:29:59.999Z')).toBe('2026-11-25');
    }
    expect(dayAt('America/New_York', '2026-11-25T18:30:00.000Z')).toBe('2026-11-25');
    expect(dayAt('Asia/Kolkata', '2026-11-25T18:30:00.000Z')).toBe('2026-11-26');
  });

  it('is the same day whatever zone the machine or browser is in', () => {
    const instant = Date.parse('2026-11-25T23:30:00Z'); // 08:30 on the 26th in Tokyo, 15:30 on the 25th in Los Angeles
    for (const machine of ['UTC', 'Asia/Tokyo', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      process.env.TZ = machine;
      expect(isoDateOf(dayIn('Asia/Tokyo', instant)), machine).toBe('2026-11-26');
      expect(isoDateOf(dayIn('America/Los_Angeles', instant)), machine).toBe('2026-11-25');
    }
  });

  it("is the tenant's zone, America/New_York unless the university sets another", () => {
    expect(tenant.time_zone).toBe('America/New_York');
    expect(isTimeZone(tenant.time_zone)).toBe(true);
    // 22:30 on 24 November in New York, already the 25th in UTC and the 25th's morning in Tokyo.
    expect(isoDateOf(institutionToday(Date.parse('2026-11-25T03:30:00Z')))).toBe('2026-11-24');
    expect(isoDateOf(institutionToday(Date.parse('2026-11-25T05:00:00Z')))).toBe('2026-11-25');
  });

  it('knows an IANA zone from a made-up one', () => {
    expect(isTimeZone('Asia/Tokyo')).toBe(true);
    expect(isTimeZone('America/Los_Angeles')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
