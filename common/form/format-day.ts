import { tenant } from './tenant';

/** A date as the university's office reads it (its time zone), e.g. "Nov 20, 2026". */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: tenant.time_zone });
}
