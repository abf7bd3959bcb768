/**
 * India-time wall clocks as a datetime-local input writes them ('2026-11-25T18:30'): a coupon's start
 * and end. Built on core/india-time.ts; kept apart from it because only the admin's coupon form and
 * the server use them, and india-time is loaded by every storefront page.
 */
import { istWallClock, IST_OFFSET_MS } from './india-time';

/** An India-time wall clock as a datetime-local input writes it: '2026-11-25T18:30'. */
export const IST_DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The instant of an India-time wall clock 'YYYY-MM-DDTHH:mm'; null when it is not a real time. */
export function fromIstDateTime(text: string): Date | null {
  const m = IST_DATETIME_RE.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  const utc = Date.UTC(y, mo - 1, d, h, mi);
  const back = new Date(utc);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59) return null;
  return new Date(utc - IST_OFFSET_MS);
}

/** An instant as its India-time wall clock 'YYYY-MM-DDTHH:mm' (a datetime-local input's value). */
export function toIstDateTime(at: Date): string {
  return istWallClock(at).toISOString().slice(0, 16);
}
