/**
 * GET /api/pincodes/{pincode}: the server's pincode directory and delivery rules. The
 * directory stays on the server; the browser only asks.
 */
import { formatIndiaDay, WEEKDAY_DAY_MONTH } from '../../../core/india-time';
import type { PincodeCheck } from '../../../core/pincode-check';
import { apiFetch } from '../../lib/api';

/** Place, serviceability, COD and delivery window of a 6-digit pincode; 404 'We could not find this pincode'. */
export function fetchPincode(pincode: string, signal?: AbortSignal): Promise<PincodeCheck> {
  return apiFetch<PincodeCheck>(`/api/pincodes/${encodeURIComponent(pincode)}`, {
    signal,
    fallbackMessage: 'Could not check this pincode',
  });
}

/** 'Thu, 27 Nov' for an India calendar date 'YYYY-MM-DD'. */
export function formatDeliveryDate(date: string): string {
  return formatIndiaDay(date, WEEKDAY_DAY_MONTH);
}
