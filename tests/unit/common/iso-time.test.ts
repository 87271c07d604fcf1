import { describe, expect, it } from 'vitest';
import { isoTime } from '../../../common/iso-time';

describe('isoTime', () => {
  it('writes a stored time as ISO 8601, whether it arrives as a number or as bigint text', () => {
    expect(isoTime(Date.UTC(2026, 11, 7, 6, 15))).toBe('2026-12-07T06:15:00.000Z');
    expect(isoTime(String(Date.UTC(2026, 11, 7, 6, 15)))).toBe('2026-12-07T06:15:00.000Z');
  });

  it('keeps no time as null', () => {
    expect(isoTime(null)).toBeNull();
    expect(isoTime(undefined)).toBeNull();
  });
});
