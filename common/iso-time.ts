/**
 * A stored time (epoch milliseconds; PostgreSQL's bigint may arrive as a string) as the API sends
 * it, an ISO 8601 string; no time, null.
 */
export function isoTime(time: number | string): string;
export function isoTime(time: number | string | null | undefined): string | null;
export function isoTime(time: number | string | null | undefined): string | null {
  return time === null || time === undefined ? null : new Date(Number(time)).toISOString();
}
