import { isCalendarDay } from './calendar-day';

/**
 * A date as the applicant types it (issue 26, item 2): month, day and year in three text fields,
 * as GOV.UK and VA ask for dates, in the American order staff read them. The answer stays
 * YYYY-MM-DD (calendar-day.ts); this module turns the typed parts into it and back.
 */
export interface DateParts {
  month: string;
  day: string;
  year: string;
}

export type DatePart = keyof DateParts;

export const DATE_PART_ORDER: readonly DatePart[] = ['month', 'day', 'year'];

export const NO_DATE_PARTS: DateParts = { month: '', day: '', year: '' };

const STORED = /^(\d{4})-(\d{2})-(\d{2})$/;
const SEPARATOR = '[-/. ]';
const YEAR_FIRST = new RegExp(`^(\\d{4})${SEPARATOR}(\\d{1,2})${SEPARATOR}(\\d{1,2})$`);
const MONTH_FIRST = new RegExp(`^(\\d{1,2})${SEPARATOR}+(\\d{1,2})${SEPARATOR}+(\\d{4})$`);
const DIGITS_ONLY = /^(\d{2})(\d{2})(\d{4})$/;

/** The stored day's parts, or empty parts for anything that is not a stored day. */
export function partsOfDay(stored: string): DateParts {
  const match = STORED.exec(stored);
  return match ? { month: match[2]!, day: match[3]!, year: match[1]! } : NO_DATE_PARTS;
}

/** YYYY-MM-DD when the parts name a day the calendar has (a four-digit year), else null. */
export function dayOfParts({ month, day, year }: DateParts): string | null {
  if (!/^\d{1,2}$/.test(month) || !/^\d{1,2}$/.test(day) || !/^\d{4}$/.test(year)) return null;
  const stored = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isCalendarDay(stored) ? stored : null;
}

export const hasNoDateParts = (parts: DateParts) => DATE_PART_ORDER.every((part) => parts[part] === '');

/** Parts as typed, kept while they are not a day (issue 33, item 2): month/day/year, each as it stands. */
const TYPED = /^(\d{0,2})\/(\d{0,2})\/(\d{0,4})$/;

const typedParts = (value: string): DateParts | null => {
  const typed = TYPED.exec(value);
  return typed && value !== '//' ? { month: typed[1]!, day: typed[2]!, year: typed[3]! } : null;
};

/**
 * A date answer that is what was typed, not a day (`13/32/88`, `5//`), as `answerOfParts` writes
 * it; the validation names it invalid. Parts that make a day (12/31/1990) are not: that is stored
 * as the day.
 */
export function isTypedDate(value: string): boolean {
  const parts = typedParts(value);
  return parts !== null && dayOfParts(parts) === null;
}

/**
 * The answer the parts make: the day when they name one, else what was typed (so it is saved and
 * shown again, and the validation says it is not a date), or null when nothing was typed.
 */
export function answerOfParts(parts: DateParts): string | null {
  if (hasNoDateParts(parts)) return null;
  return dayOfParts(parts) ?? `${parts.month}/${parts.day}/${parts.year}`;
}

/** The parts of a stored answer, a day or what was typed; empty parts for anything else. */
export function partsOfAnswer(stored: string): DateParts {
  return typedParts(stored) ?? partsOfDay(stored);
}

/**
 * A whole date typed or pasted into one field: MM/DD/YYYY with /, -, . or spaces between, or
 * MMDDYYYY, or YYYY-MM-DD. The parts are not checked against the calendar (02/30/2026 reads).
 */
export function parseTypedDate(text: string): DateParts | null {
  const trimmed = text.trim();
  const yearFirst = YEAR_FIRST.exec(trimmed);
  if (yearFirst) return { month: yearFirst[2]!, day: yearFirst[3]!, year: yearFirst[1]! };
  const monthFirst = MONTH_FIRST.exec(trimmed) ?? DIGITS_ONLY.exec(trimmed);
  if (monthFirst) return { month: monthFirst[1]!, day: monthFirst[2]!, year: monthFirst[3]! };
  return null;
}

export interface TypedDate {
  parts: DateParts;
  /** The part the next key should go to. */
  focus: DatePart;
}

/**
 * `text` is what the field of `part` now holds. Month and day keep two digits: a further digit
 * goes on to the next part, as does what follows a separator, so 05141990 or 5/14/1990 typed in
 * a row into the month fills the date; the year keeps four. Nothing is carried into a part that
 * already holds something (a digit too many there is dropped). A whole date goes where it belongs.
 */
export function typeIntoPart(parts: DateParts, part: DatePart, text: string): TypedDate {
  const whole = parseTypedDate(text);
  if (whole) return { parts: whole, focus: 'year' };
  if (part === 'year') return { parts: { ...parts, year: text.replace(/\D/g, '').slice(0, 4) }, focus: 'year' };

  const kept = text.replace(/[^\d/.\- ]/g, '');
  const head = /^\d*/.exec(kept)![0];
  const next = DATE_PART_ORDER[DATE_PART_ORDER.indexOf(part) + 1]!;
  const updated = { ...parts, [part]: head.slice(0, 2) };
  const carried = (head.slice(2) + kept.slice(head.length)).replace(/^[-/. ]+/, '');
  const moves = head.length < kept.length || carried !== '';
  if (!moves) return { parts: updated, focus: part };
  if (carried === '' || parts[next] !== '') return { parts: updated, focus: next };
  return typeIntoPart(updated, next, carried);
}
