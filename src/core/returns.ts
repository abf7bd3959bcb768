/**
 * Returns and size exchanges (docs/decisions/0016-returns-and-exchanges.md): the reasons a shopper may give,
 * the return window, and what a returned line refunds. Shared by the server's rules and the forms.
 */
import type { RefundDestination } from './schemas/returns';

/** Why a shopper returns a line, with the words the form and the admin list show. */
export const RETURN_REASONS = ['too_small', 'too_large', 'damaged', 'wrong_item', 'not_as_pictured', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  too_small: 'Too small',
  too_large: 'Too large',
  damaged: 'Damaged',
  wrong_item: 'Wrong item',
  not_as_pictured: 'Not as pictured',
  other: 'Other',
};
/** The reasons accepted when the return window is 0 days (the default policy). */
export const DAMAGE_REASONS: readonly ReturnReason[] = ['damaged', 'wrong_item'];
/** With a 0-day window, damaged or wrong items may be reported this long after delivery (spec: 24 hours). */
export const DAMAGE_CLAIM_HOURS = 24;

/** The shop's returns policy (settings): window in days after delivery, and whether sizes may be exchanged. */
export interface ReturnsPolicy {
  windowDays: number;
  sizeExchanges: boolean;
}
/** The returns policy before an owner sets one: the spec's (damaged or wrong items within 24 hours, no exchanges). */
export const DEFAULT_RETURNS_POLICY: ReturnsPolicy = { windowDays: 0, sizeExchanges: false };

/** "7 days" or "1 day". */
export const daysText = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/**
 * The one-sentence returns promise a shopper reads under checkout's pay button and in the terms,
 * from the shop's returns settings (Settings: return window, size exchanges), so that it never
 * promises more or less than the order page offers: "Returns and size exchanges within 7 days of
 * delivery." or, with a 0-day window, the shop's default policy (docs/decisions/0016-returns-and-exchanges.md: damaged or wrong
 * items within {@link DAMAGE_CLAIM_HOURS} hours).
 */
export function returnsPromise(policy: ReturnsPolicy): string {
  if (policy.windowDays <= 0) {
    return `All sales are final, except damaged or wrong items reported within ${DAMAGE_CLAIM_HOURS} hours of delivery.`;
  }
  const window = daysText(policy.windowDays);
  return policy.sizeExchanges ? `Returns and size exchanges within ${window} of delivery.` : `Returns within ${window} of delivery.`;
}

/** Refund the returned units, or send another size of the same product. */
export const RETURN_RESOLUTIONS = ['refund', 'exchange'] as const;
export type ReturnResolution = (typeof RETURN_RESOLUTIONS)[number];

/**
 * A return's life: requested ─▶ approved ─▶ received ─▶ refunded (refund) or exchange_shipped
 * (exchange); requested ─▶ rejected.
 */
export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'refunded', 'exchange_shipped'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  received: 'Received',
  refunded: 'Refunded',
  exchange_shipped: 'Exchange shipped',
};
/** Statuses that still wait for the shop (the dashboard's count of open requests). */
export const OPEN_RETURN_STATUSES: readonly ReturnStatus[] = ['requested', 'approved', 'received'];

/** Most photos one return may carry (the media upload rules). */
export const MAX_RETURN_PHOTOS = 3;

/**
 * When a delivered order's return window closes: `windowDays` days after delivery, or, with a 0-day
 * window, {@link DAMAGE_CLAIM_HOURS} hours after delivery (for damaged or wrong items only).
 */
export function returnDeadline(deliveredAt: Date, windowDays: number): Date {
  const hours = windowDays > 0 ? windowDays * 24 : DAMAGE_CLAIM_HOURS;
  return new Date(deliveredAt.getTime() + hours * 3_600_000);
}

/** One order line as recorded: its total (unit price × quantity), its share of the order's discount, paise. */
export interface PaidLine {
  lineTotalPaise: number;
  discountPaise: number;
  quantity: number;
}

/**
 * What `quantity` returned units of `line` refund, paise: the line's share of what was paid (unit
 * price × quantity minus the discount and coupon allotted to the line at checkout, src/core/tax.ts
 * `allotDiscount`), prorated by units to the paisa. `alreadyReturned` units refunded earlier count,
 * so that returning a line in parts refunds exactly what returning it at once would: each part is
 * the rounded cumulative share minus the rounded share before it ("the line's share of
 * what was paid, discounts and coupon prorated to the paisa"). Shipping and COD fees are not part
 * of a line and are never refunded here (refund policy "Fees").
 * Throws RangeError when the units are not whole or exceed the line.
 */
export function lineRefundPaise(line: PaidLine, quantity: number, alreadyReturned = 0): number {
  if (!Number.isInteger(quantity) || !Number.isInteger(alreadyReturned) || quantity < 0 || alreadyReturned < 0) {
    throw new RangeError('Units must be whole and not negative');
  }
  if (alreadyReturned + quantity > line.quantity) throw new RangeError('More units than the line holds');
  const paid = line.lineTotalPaise - line.discountPaise;
  const upTo = (units: number) => Math.round((paid * units) / line.quantity);
  return upTo(alreadyReturned + quantity) - upTo(alreadyReturned);
}

/**
 * How a refund destination reads to the shopper and the owner: 'UPI asha@okaxis', 'Bank a/c ••••5678
 * (SBIN0001234), Asha Rao'. Here, not beside its schema (core/schemas/returns.ts re-exports it): the
 * order page's returns panel uses it, and the schema module would load zod with that page.
 */
export function describeRefundDestination(to: RefundDestination, full = false): string {
  if (to.method === 'upi') return `UPI ${to.upiId}`;
  if (to.method === 'store_credit') return 'Store credit';
  const number = full ? to.accountNumber : `••••${to.accountNumber.slice(-4)}`;
  return `Bank a/c ${number} (${to.ifsc}), ${to.accountName}`;
}
