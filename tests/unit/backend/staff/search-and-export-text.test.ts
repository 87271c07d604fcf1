import { describe, expect, it } from 'vitest';
import { foldForSearch } from '../../../../backend/staff/search-text';
import { startOfDayIn } from '../../../../backend/staff/time-zone-days';

describe('foldForSearch', () => {
  it('drops case and accents, spells out letters without a decomposition, keeps other scripts', () => {
    expect(foldForSearch('José ÁLVAREZ')).toBe('jose alvarez');
    expect(foldForSearch('Łukasz Żółć')).toBe('lukasz zolc');
    expect(foldForSearch('Søren Kierkegaard, Straße, Ægir, Þór, Đorđe')).toBe('soren kierkegaard, strasse, aegir, thor, dorde');
    expect(foldForSearch('王小明')).toBe('王小明');
    expect(foldForSearch('محمد')).toBe('محمد');
    expect(foldForSearch('  Nguyễn   Thị  ')).toBe('nguyen thi');
    // Full-width letters are the letters (NFKD).
    expect(foldForSearch('ＡＢＣ')).toBe('abc');
  });
});

describe('startOfDayIn', () => {
  it("is the zone's midnight, across the changes of offset", () => {
    const zone = 'America/New_York';
    expect(new Date(startOfDayIn(zone, '2026-01-15')).toISOString()).toBe('2026-01-15T05:00:00.000Z');
    expect(new Date(startOfDayIn(zone, '2026-07-15')).toISOString()).toBe('2026-07-15T04:00:00.000Z');
    // The days the clocks change: midnight is before the change.
    expect(new Date(startOfDayIn(zone, '2026-03-08')).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(new Date(startOfDayIn(zone, '2026-03-08', 1)).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(new Date(startOfDayIn(zone, '2026-11-01')).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(new Date(startOfDayIn(zone, '2026-12-31', 1)).toISOString()).toBe('2027-01-01T05:00:00.000Z');
    expect(new Date(startOfDayIn('Asia/Kolkata', '2026-05-01')).toISOString()).toBe('2026-04-30T18:30:00.000Z');
    expect(new Date(startOfDayIn('UTC', '2026-05-01')).toISOString()).toBe('2026-05-01T00:00:00.000Z');
  });
});
