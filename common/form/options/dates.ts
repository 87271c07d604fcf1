import type { Option } from '../types';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Months are stored as '1'..'12' (DESIGN.md section 3, value formats). */
export const monthOptions: Option[] = MONTH_NAMES.map((label, index) => ({ value: String(index + 1), label }));

export interface YearListSpec {
  /** The first year listed; defaults to the current year of `now`. */
  start?: number;
  count: number;
  /** past: start, start - 1, ...; future: start, start + 1, ... */
  direction: 'past' | 'future';
}

/** A generated year list (form-content section 3); values and labels are four-digit years. */
export function yearOptions({ start, count, direction }: YearListSpec, now: Date = new Date()): Option[] {
  const first = start ?? now.getFullYear();
  const step = direction === 'past' ? -1 : 1;
  return Array.from({ length: Math.max(0, count) }, (_, index) => {
    const year = String(first + index * step);
    return { value: year, label: year };
  });
}
