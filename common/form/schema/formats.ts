/**
 * Value formats shared by the store, the API and the schema (DESIGN.md section 3): US phones
 * (###) ###-####. Dates, YYYY-MM-DD, are calendar-day.ts's.
 */

/** A North American number: area code and exchange each start with 2 to 9. */
export const US_PHONE_PATTERN = /^\([2-9]\d{2}\) [2-9]\d{2}-\d{4}$/;
