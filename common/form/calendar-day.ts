import { tenant } from './tenant';

/**
 * Calendar days, the one date module of the form (DESIGN.md section 3: dates are YYYY-MM-DD) for
 * the renderer, the server and the schema. "Today" is the institution's day (the tenant's
 * `time_zone`), never the clock zone of the server or the browser: an applicant in Tokyo and the
 * server in UTC agree on which day a completion date may not pass.
 *
 * A day is handed around as a Date at local midnight of that day, so its getFullYear, getMonth
 * and getDate are the day's in whatever zone the code runs; `dayIn` makes one from an instant.
 */
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (value: number, length: number) => String(value).padStart(length, '0');

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isoOf(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** A day the calendar has, written YYYY-MM-DD (2026-02-30 and 2023-02-29 are not; years 0001 to 9999). */
export function isCalendarDay(value: string): boolean {
  const match = CALENDAR_DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** The day of `date`, YYYY-MM-DD. */
export function isoDateOf(date: Date): string {
  return isoOf(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

/** The day as a Date at its local midnight (setFullYear, so years below 100 stay themselves). */
function localDay(year: number, month: number, day: number): Date {
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, month - 1, day);
  return date;
}

/**
 * The latest day anyone may call today while it is `today` at the institution, YYYY-MM-DD: the day
 * after. Every zone is less than a day ahead of the tenant's America/New_York (UTC+14 is 19 hours
 * ahead), so an applicant in Tokyo who writes their own today is not refused (issue 33, item 7).
 */
export function latestTodayAnywhere(today: Date): string {
  const next = localDay(today.getFullYear(), today.getMonth() + 1, today.getDate() + 1);
  return isoDateOf(next);
}

/**
 * The same calendar day `years` years before `today`, YYYY-MM-DD. February 29 becomes February
 * 28 in a common year, so someone born on 29 February turns 13 on 28 February.
 */
export function yearsBefore(today: Date, years: number): string {
  const year = today.getFullYear() - years;
  const month = today.getMonth() + 1;
  return isoOf(year, month, Math.min(today.getDate(), daysInMonth(year, month)));
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', calendar: 'gregory', numberingSystem: 'latn' });
    formats.set(timeZone, format);
  }
  return format;
}

/** Whether `name` is a time zone this runtime knows (an IANA name such as America/New_York). */
export function isTimeZone(name: string): boolean {
  if (name === '') return false;
  try {
    formatIn(name);
    return true;
  } catch {
    return false;
  }
}

/**
 * The last day worked out per zone, with the minute it holds for. Zones differ from UTC by whole
 * minutes, so the day in a zone is the same through a minute: asking again within it (every save,
 * every validation) skips Intl's formatting, about 5 % of a save's CPU.
 */
const lastDays = new Map<string, { minute: number; year: number; month: number; day: number }>();

/** The calendar day in `timeZone` at `instant` (milliseconds since the epoch). */
export function dayIn(timeZone: string, instant: number): Date {
  const minute = Math.floor(instant / 60_000);
  let last = lastDays.get(timeZone);
  if (last?.minute !== minute) {
    const parts = formatIn(timeZone).formatToParts(instant);
    const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((each) => each.type === type)?.value);
    last = { minute, year: part('year'), month: part('month'), day: part('day') };
    lastDays.set(timeZone, last);
  }
  // Made anew each call: a Date at the machine's midnight, whose zone may differ between calls.
  return localDay(last.year, last.month, last.day);
}

/** The institution's day at `instant`: what completion dates, birth dates and entry terms are judged on. */
export function institutionToday(instant: number = Date.now()): Date {
  return dayIn(tenant.time_zone, instant);
}
