/**
 * Value formats shared by the store, the API and the schema (DESIGN.md section 3): dates
 * YYYY-MM-DD, US phones (###) ###-####. Pure functions, so rules and tests can use them alone.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A North American number: area code and exchange each start with 2 to 9. */
export const US_PHONE_PATTERN = /^\([2-9]\d{2}\) [2-9]\d{2}-\d{4}$/;

function pad(value: number, length: number): string {
  return String(value).padStart(length, '0');
}

function isoOf(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year > 0;
}

/** The local calendar day of `date`, YYYY-MM-DD. */
export function isoDateOf(date: Date): string {
  return isoOf(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

/**
 * The same calendar day `years` years before `today`, YYYY-MM-DD. February 29 becomes February
 * 28 in a common year, so someone born on 29 February turns 13 on 28 February.
 */
export function yearsBefore(today: Date, years: number): string {
  const year = today.getFullYear() - years;
  const month = today.getMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return isoOf(year, month, Math.min(today.getDate(), lastDay));
}
