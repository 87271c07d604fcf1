import { suffixedKey } from '../repeat';
import type { Answers } from '../types';
import type { FieldRule, Message } from './rule';

/**
 * Rules over a month/year pair of selects (`<prefix>_month`, `<prefix>_year`). Months are '1'..'12'
 * and years four digits; a pair without a year (or with the ANSWERED placeholder of a college still
 * attended) is not compared. Each rule sits on the pair's year key.
 */
export interface PairKeys {
  month: string;
  year: string;
}

interface MonthYear {
  year: number;
  month: number | null;
}

/** The keys of the pair `<prefix>_month` / `<prefix>_year`, of a repeated block's slot when given. */
export const pairOf = (prefix: string, slot = 1): PairKeys => ({
  month: suffixedKey(`${prefix}_month`, slot),
  year: suffixedKey(`${prefix}_year`, slot),
});

function monthYearOf(answers: Answers, keys: PairKeys): MonthYear | null {
  const year = answers[keys.year];
  const month = answers[keys.month];
  if (typeof year !== 'string' || !/^\d{4}$/.test(year)) return null;
  return { year: Number(year), month: typeof month === 'string' && /^\d{1,2}$/.test(month) ? Number(month) : null };
}

/** Negative when `a` is before `b`, positive after; 0 when they may be the same month (a month missing). */
function compareMonthYear(a: MonthYear, b: MonthYear): number {
  if (a.year !== b.year) return a.year - b.year;
  return a.month !== null && b.month !== null ? a.month - b.month : 0;
}

const monthOf = (today: Date): MonthYear => ({ year: today.getFullYear(), month: today.getMonth() + 1 });

/** The pair `to` is not before the pair `from` ("Attended To must not be before Attended From"). */
export function monthYearNotBefore(from: PairKeys, to: PairKeys, message: Message): FieldRule {
  return {
    name: 'dateOrder',
    message,
    reads: [from.month, from.year, to.month, to.year],
    test: (_value, { answers }) => {
      const [start, end] = [monthYearOf(answers, from), monthYearOf(answers, to)];
      return !start || !end || compareMonthYear(end, start) >= 0;
    },
  };
}

/** The pair is this month or earlier (`past`), or this month or later (`future`), judged on `today`. */
export function monthYearWithin(keys: PairKeys, side: 'past' | 'future', message: Message): FieldRule {
  return {
    name: side === 'past' ? 'dateMax' : 'dateMin',
    message,
    reads: [keys.month, keys.year],
    test: (_value, { answers, today }) => {
      const date = monthYearOf(answers, keys);
      if (!date) return true;
      const order = compareMonthYear(date, monthOf(today));
      return side === 'past' ? order <= 0 : order >= 0;
    },
  };
}
