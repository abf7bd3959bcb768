/**
 * India time, the shop's one clock: India Standard Time is UTC+05:30 all year (no daylight saving),
 * so calendar days and wall clocks are computed with a fixed offset, and dates are shown in en-IN
 * words in the Asia/Kolkata zone (docs/architecture.md). The financial year (core/financial-year.ts)
 * and the datetime-local wall clocks of coupons (core/india-time-input.ts) are built on this.
 *
 * Used by the server, the web pages and the PDFs alike. Everything here is a constant or a function
 * with no module-level side effects. On the web this module is in the chunk every storefront page
 * loads (vite.config.ts), so what only the admin screens or the server need stays out of it.
 */

/** India's offset from UTC in minutes (+5:30). */
export const IST_OFFSET_MINUTES = 330;
/** India's offset from UTC in milliseconds (+5:30). */
export const IST_OFFSET_MS = IST_OFFSET_MINUTES * 60_000;
/** India's offset as an ISO 8601 time suffix ('2026-03-05T16:07:00+05:30'). */
export const IST_ISO_OFFSET = '+05:30';
/** India's offset as a PostgreSQL interval literal, for SQL that turns a UTC time into India's wall clock. */
export const IST_SQL_INTERVAL = `interval '${IST_OFFSET_MINUTES} minutes'`;
/** The IANA time zone of India time. */
export const IST_TIME_ZONE = 'Asia/Kolkata';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC fields of the returned Date are the India wall clock of `at`. */
export function istWallClock(at: Date): Date {
  return new Date(at.getTime() + IST_OFFSET_MS);
}

/** The instant an India day (YYYY-MM-DD, assumed valid) begins, e.g. '2024-05-01' -> 2024-04-30T18:30:00Z. */
export function istDayStart(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) - IST_OFFSET_MS);
}

/** The instant the India day after `date` begins (exclusive end of that day). */
export function istDayEnd(date: string): Date {
  return new Date(istDayStart(date).getTime() + DAY_MS);
}

/** The India calendar date (YYYY-MM-DD) of an instant. */
export function istDate(at: Date): string {
  return istWallClock(at).toISOString().slice(0, 10);
}

/** The India wall time of an instant as 'YYYY-MM-DD HH:mm'. */
export function istDateTime(at: Date): string {
  return istWallClock(at).toISOString().slice(0, 16).replace('T', ' ');
}

/** The India date `days` days after (or before, when negative) the India date `date`. */
export function addIstDays(date: string, days: number): string {
  return istDate(new Date(istDayStart(date).getTime() + days * DAY_MS));
}

/** The first day (YYYY-MM-DD) of the India month containing `date`. */
export function istMonthStart(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

// ---------------------------------------------------------------------------------------------
// Dates in words (en-IN, India time). Each style is the options of one Intl.DateTimeFormat; the
// comment shows what it writes for 5 March 2026, 4:07 pm.

/** "5 Mar 2026". */
export const DATE = { day: 'numeric', month: 'short', year: 'numeric' } as const satisfies Intl.DateTimeFormatOptions;
/** "05 Mar 2026" (the invoice's dates). */
export const DATE_2DIGIT = { day: '2-digit', month: 'short', year: 'numeric' } as const satisfies Intl.DateTimeFormatOptions;
/** "5 Mar". */
export const DAY_MONTH = { day: 'numeric', month: 'short' } as const satisfies Intl.DateTimeFormatOptions;
/** "Thu, 5 Mar". */
export const WEEKDAY_DAY_MONTH = { weekday: 'short', day: 'numeric', month: 'short' } as const satisfies Intl.DateTimeFormatOptions;
/** "4:07 pm". */
export const TIME = { hour: 'numeric', minute: '2-digit' } as const satisfies Intl.DateTimeFormatOptions;
/** "5 Mar 2026, 4:07 pm". */
export const DATE_TIME = { ...DATE, ...TIME } as const satisfies Intl.DateTimeFormatOptions;
/** "5 Mar, 4:07 pm". */
export const DAY_MONTH_TIME = { ...DAY_MONTH, ...TIME } as const satisfies Intl.DateTimeFormatOptions;
/** "5 March at 4:07 pm". */
export const DAY_LONG_MONTH_TIME = { day: 'numeric', month: 'long', ...TIME } as const satisfies Intl.DateTimeFormatOptions;
/** "5 March 2026 at 4:07 pm". */
export const LONG_DATE_TIME = { day: 'numeric', month: 'long', year: 'numeric', ...TIME } as const satisfies Intl.DateTimeFormatOptions;
/** "5 Mar 2026" (Intl's medium date). */
export const MEDIUM_DATE = { dateStyle: 'medium' } as const satisfies Intl.DateTimeFormatOptions;
/** "5 Mar 2026, 4:07 pm" (Intl's medium date and short time). */
export const MEDIUM_DATE_SHORT_TIME = { dateStyle: 'medium', timeStyle: 'short' } as const satisfies Intl.DateTimeFormatOptions;

/**
 * An instant (a Date, an ISO string or epoch milliseconds) in en-IN words in India time, in one of
 * the styles above (or any Intl date options).
 */
export function formatIndiaTime(at: Date | string | number, style: Intl.DateTimeFormatOptions = DATE): string {
  return new Intl.DateTimeFormat('en-IN', { ...style, timeZone: IST_TIME_ZONE }).format(new Date(at));
}

/** An India calendar date 'YYYY-MM-DD' in words, e.g. 'Thu, 5 Mar' with WEEKDAY_DAY_MONTH. */
export function formatIndiaDay(date: string, style: Intl.DateTimeFormatOptions = DATE): string {
  return formatIndiaTime(istDayStart(date), style);
}
