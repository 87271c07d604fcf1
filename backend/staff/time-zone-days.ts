/**
 * The instant a day (YYYY-MM-DD) starts in a time zone, `plusDays` later: the inbox's date range
 * is the office's days, not the server's.
 */
export function startOfDayIn(timeZone: string, isoDay: string, plusDays = 0): number {
  const [year, month, date] = isoDay.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(year, month - 1, date + plusDays);
  // The zone's offset at that moment, and again at the corrected one (a change of offset that day).
  let start = utcMidnight - offsetAt(timeZone, utcMidnight);
  start = utcMidnight - offsetAt(timeZone, start);
  return start;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** Milliseconds the zone's wall clock is ahead of UTC at an instant. */
function offsetAt(timeZone: string, instant: number): number {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall - Math.floor(instant / 1000) * 1000;
}
