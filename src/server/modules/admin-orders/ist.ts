/**
 * India Standard Time helpers: the shop's days are Indian days (UTC+5:30, no daylight saving), so
 * date filters, the CSV's dates and the dashboard's "today" are computed with a fixed offset.
 */

/** IST's offset from UTC in milliseconds (+5:30). */
export const IST_OFFSET_MS = 330 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant an IST day (YYYY-MM-DD, assumed valid) begins, e.g. '2024-05-01' -> 2024-04-30T18:30:00Z. */
export function istDayStart(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) - IST_OFFSET_MS);
}

/** The instant the IST day after `date` begins (exclusive end of that day). */
export function istDayEnd(date: string): Date {
  return new Date(istDayStart(date).getTime() + DAY_MS);
}

/** The IST calendar date (YYYY-MM-DD) of an instant. */
export function istDate(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The IST wall time of an instant as 'YYYY-MM-DD HH:mm'. */
export function istDateTime(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** The IST date `days` days after (or before, when negative) the IST date `date`. */
export function addIstDays(date: string, days: number): string {
  return istDate(new Date(istDayStart(date).getTime() + days * DAY_MS));
}

/** The first day (YYYY-MM-DD) of the IST month containing `date`. */
export function istMonthStart(date: string): string {
  return `${date.slice(0, 7)}-01`;
}
