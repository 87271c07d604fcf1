import { describe, expect, it } from 'vitest';
import { isAlertActive } from '../../../../../renderer/src/features/layout/components/alert-banner';

const banner = { message: 'Closed for the holiday.', start: '2026-11-20T00:00:00-05:00', end: '2026-11-30T00:00:00-05:00' };

describe('alert banner window', () => {
  it.each([
    ['2026-11-19T23:59:59-05:00', false],
    ['2026-11-20T00:00:00-05:00', true],
    ['2026-11-25T12:00:00-05:00', true],
    ['2026-11-29T23:59:59-05:00', true],
    ['2026-11-30T00:00:00-05:00', false],
  ])('at %s is %s', (now, expected) => {
    expect(isAlertActive(banner, new Date(now))).toBe(expected);
  });

  it('is off without a banner', () => {
    expect(isAlertActive(null, new Date())).toBe(false);
  });
});
