import { institutionToday } from '../calendar-day';
import type { EntryTerm } from '../tenant';
import type { Option } from '../types';

export interface EntryTermListSpec {
  /** The terms of one year, in calendar order. */
  terms: readonly EntryTerm[];
  count: number;
}

/**
 * The next `count` terms that have not started on the day `now` (calendar-day.ts): a term is offered
 * up to the day before its first day of classes. Values are the year and the term code
 * ('2027SP'), labels the name and year ('Spring 2027').
 */
export function entryTermOptions({ terms, count }: EntryTermListSpec, now: Date = institutionToday()): Option[] {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const options: Option[] = [];
  for (let year = today.getFullYear(); terms.length > 0 && options.length < count; year += 1) {
    for (const term of terms) {
      const start = new Date(year, term.startMonth - 1, term.startDay);
      if (start > today && options.length < count) options.push({ value: `${year}${term.code}`, label: `${term.name} ${year}` });
    }
  }
  return options;
}
