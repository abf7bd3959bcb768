/**
 * Cash on Delivery confirmation (docs/architecture.md#cod-confirmation): which COD orders wait for
 * the shopper's "yes, I want it" before the shop packs them, and how that state reads. Shared by the
 * server (placement, the lifecycle's refusal, the deadline job) and the web (order page, admin).
 */
import { DAY_MONTH_TIME, formatIndiaTime } from './india-time';
import { toPaise } from './money';

/** The owner's setting (rupees for `above`, hours 1-168), as GET /api/admin/settings answers it. */
export interface CodConfirmationRules {
  mode: 'off' | 'above' | 'all';
  /** Rupees: in mode 'above', orders with a grand total strictly above this wait for confirmation. */
  above: number;
  /** Hours the shopper has to confirm. */
  hours: number;
  expiry: 'cancel' | 'hold';
}

/** An order's confirmation state: 'awaiting' the shopper, 'confirmed', or 'held' for the shop's call. */
export type CodConfirmationState = 'awaiting' | 'confirmed' | 'held';

/** The 400 of packing or shipping an order that still waits for its confirmation. */
export const COD_CONFIRM_FIRST = 'Confirm the Cash on Delivery order first';
/** The 409 of confirming an order that was cancelled meanwhile. */
export const COD_CANCELLED = 'This order was cancelled, so it can no longer be confirmed. Please place a new order.';
/** The 409 of confirming an order that never waited for a confirmation. */
export const COD_NOT_ASKED = 'This order does not need a confirmation';
/** The timeline note and cancellation reason of an order left unconfirmed past its deadline. */
export const COD_NOT_CONFIRMED = 'Not confirmed in time';

/**
 * Whether a new COD order of grand total `totalPaise` (paise, the COD fee included) waits for the
 * shopper's confirmation: every one in mode 'all', those strictly above `above` rupees in mode
 * 'above', none when 'off'.
 */
export function needsCodConfirmation(rules: Pick<CodConfirmationRules, 'mode' | 'above'>, totalPaise: number): boolean {
  if (rules.mode === 'all') return true;
  if (rules.mode === 'above') return totalPaise > toPaise(rules.above);
  return false;
}

/** The deadline of an order placed at `now` (`hours` later). */
export const codConfirmDeadline = (now: Date, hours: number) => new Date(now.getTime() + hours * 3_600_000);

/** True while an order may not be packed or shipped: still awaiting the shopper, or held for a call. */
export const codUnconfirmed = (state: CodConfirmationState | null | undefined) => state === 'awaiting' || state === 'held';

/**
 * How the state reads beside the order's status, in the admin and on the shopper's page:
 * 'Awaiting confirmation (until 5 Mar, 4:07 pm)' in India time, 'Held for a call', or null.
 */
export function codConfirmationLabel(c: { state: CodConfirmationState; until: string | null } | null | undefined): string | null {
  if (!c) return null;
  if (c.state === 'awaiting')
    return c.until ? `Awaiting confirmation (until ${formatIndiaTime(c.until, DAY_MONTH_TIME)})` : 'Awaiting confirmation';
  if (c.state === 'held') return 'Held for a call';
  return null;
}
