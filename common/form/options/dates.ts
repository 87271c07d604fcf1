import { institutionToday, isoDateOf } from '../calendar-day';
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
  /** Without `start`: the first year is this many years after the current one. */
  yearsAhead?: number;
  count: number;
  /** past: start, start - 1, ...; future: start, start + 1, ... */
  direction: 'past' | 'future';
}

/** A generated year list (form-content section 3); values and labels are four-digit years. */
export function yearOptions({ start, yearsAhead = 0, count, direction }: YearListSpec, now: Date = institutionToday()): Option[] {
  const first = start ?? now.getFullYear() + yearsAhead;
  const step = direction === 'past' ? -1 : 1;
  return Array.from({ length: Math.max(0, count) }, (_, index) => {
    const year = String(first + index * step);
    return { value: year, label: year };
  });
}

/** The lists that follow the calendar, each with what makes it, and the day they were made for. */
const calendarLists: { list: Option[]; make: (now: Date) => Option[] }[] = [];
let calendarDay = isoDateOf(institutionToday());

/**
 * A list made from the current date (the year lists and the starting terms of the form): one array
 * for the life of the process, which `followCalendar` remakes in place once the day has turned.
 * Question definitions (and their repeated slots, which share the array) therefore keep offering
 * today's list on a server that runs for months, and the validation, at save and at submit, accepts
 * what the renderer offers.
 */
export function calendarList(make: (now: Date) => Option[]): Option[] {
  const list = make(institutionToday());
  calendarLists.push({ list, make });
  return list;
}

/** A year list that follows the calendar (`calendarList`). */
export function calendarYearOptions(spec: Omit<YearListSpec, 'start'>): Option[] {
  return calendarList((now) => yearOptions(spec, now));
}

/**
 * Brings the calendar lists to the current day when it has turned since they were made, and
 * returns that day (part of what a built validation schema depends on). Called before each
 * whole-application validation and each save's choice check; cheap when the day is the same.
 */
export function followCalendar(now: Date = institutionToday()): string {
  const day = isoDateOf(now);
  if (day !== calendarDay) {
    calendarDay = day;
    for (const { list, make } of calendarLists) list.splice(0, list.length, ...make(now));
  }
  return calendarDay;
}
