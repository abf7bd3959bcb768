/**
 * India's financial year (April to March) and document numbers: GST invoices are numbered in one
 * gapless series per financial year (CGST Rules 2017 rule 46(b)), credit notes likewise
 * (docs/decisions/0017-refunds-and-credit-notes.md). Dates are read in India time (core/india-time.ts).
 * Kept apart from core/india-time.ts: only the server and the admin's settings use it, and that
 * module is loaded by every storefront page.
 */
import { istWallClock } from './india-time';

/** The financial year an instant falls in, in India time, as '2026-27' (1 April 2026 to 31 March 2027). */
export function financialYearOf(at: Date): string {
  const ist = istWallClock(at);
  const year = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

/** A document number: prefix, financial year and the sequence number padded to five digits ('RM/2026-27/00001'). */
export function documentNumber(prefix: string, financialYear: string, sequence: number): string {
  return `${prefix}/${financialYear}/${String(sequence).padStart(5, '0')}`;
}
