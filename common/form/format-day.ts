import { tenant } from './tenant';

/**
 * A date as the university's office reads it (its time zone), e.g. "Nov 20, 2026": the one way the
 * checklist, the pages and every mail write a day, so all of them name the same calendar day.
 */
export function formatDay(at: string | number): string {
  return new Date(at).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: tenant.time_zone });
}
