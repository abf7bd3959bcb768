/**
 * Whether an order may be paid by Cash on Delivery, from the shop's COD settings: the one rule the
 * server enforces (server/modules/payments/cod.ts) and the checkout page shows before the shopper
 * chooses (docs/architecture.md: the server decides in the end). COD must be on, the delivery
 * pincode not on the owner's COD block list, and the order total with the COD fee at most the limit.
 */
import { formatINR, toPaise } from './money';

/** Why COD is refused, in the server's words (the checkout page shows the same). */
export const COD_REFUSALS = {
  disabled: 'Cash on Delivery is not available right now. Please pay online.',
  pincode: (pincode: string) => `Cash on Delivery is not available for pincode ${pincode}. Please pay online.`,
  limit: (maxRupees: number) => `Cash on Delivery is available for orders up to ${formatINR(maxRupees)}`,
} as const;

/** The COD settings the rule reads (the public settings lack the block list). */
export interface CodRules {
  enabled: boolean;
  /** Rupees. */
  maxOrderTotal: number;
  blockedPincodes?: readonly string[];
}

/**
 * Why COD cannot be used for this order, or null when it can. Each part of the order is checked only
 * when given: `pincode` the delivery pincode, `totalPaise` the grand total with the COD fee, in paise.
 */
export function codRefusal(cod: CodRules, order: { pincode?: string; totalPaise?: number } = {}): string | null {
  if (!cod.enabled) return COD_REFUSALS.disabled;
  if (order.pincode !== undefined && cod.blockedPincodes?.includes(order.pincode)) return COD_REFUSALS.pincode(order.pincode);
  if (order.totalPaise !== undefined && order.totalPaise > toPaise(cod.maxOrderTotal)) return COD_REFUSALS.limit(cod.maxOrderTotal);
  return null;
}
