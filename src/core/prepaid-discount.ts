/**
 * The prepaid discount (docs/architecture.md#prepaid-discount): what an order paid online, or with
 * store credit, saves over Cash on Delivery. One owner of the rule for the server (which prices the
 * Razorpay and store-credit checkouts with it) and the checkout page (which shows "Pay online and save
 * ₹60" beside the payment methods). No zod here: the checkout page loads this file.
 */
import { formatINR, toPaise } from './money';
import { MIN_ONLINE_PAISE } from './store-credit';

/** The settings' `prepaidDiscount` (rupees in the API): percent 1–50, or a flat amount; `cap` rupees or null. */
export interface PrepaidDiscountRule {
  kind: 'off' | 'percent' | 'flat';
  value: number;
  cap: number | null;
}

/** How an order is paid, as far as the prepaid discount goes: online or store credit get it, COD never. */
export type PrepaidMethod = 'razorpay' | 'store_credit' | 'cod';

/**
 * The prepaid discount in paise for goods costing `goodsPaise` (the subtotal less the coupon or
 * automatic discount: the discount is worked out on what the shopper pays for the goods, after the
 * other discount, and never stacks onto the COD fee, which a prepaid order has none of).
 * - 'percent': `value` percent of the goods, rounded **down to whole rupees** (₹64.35 → ₹64), so the
 *   nudge reads "save ₹64" and the shop never gives a fraction more than the rule says;
 * - 'flat': `value` rupees, to the paisa;
 * - then at most `cap` rupees (when set), and never so much that the order falls under ₹1 (Razorpay
 *   takes nothing smaller): at most `goodsPaise − 100`;
 * - 0 for 'off', for Cash on Delivery, and for goods of ₹1 or less.
 * Throws nothing: a negative or fractional amount of goods gives 0.
 */
export function prepaidDiscountPaise(rule: PrepaidDiscountRule, goodsPaise: number, method: PrepaidMethod = 'razorpay'): number {
  if (method === 'cod' || rule.kind === 'off' || !Number.isSafeInteger(goodsPaise) || goodsPaise <= MIN_ONLINE_PAISE) return 0;
  let discount = rule.kind === 'percent' ? Math.floor((goodsPaise * rule.value) / 10_000) * 100 : toPaise(rule.value);
  if (rule.cap !== null) discount = Math.min(discount, toPaise(rule.cap));
  return Math.max(0, Math.min(discount, goodsPaise - MIN_ONLINE_PAISE));
}

/** The rule in the owner's words: "5% off orders paid online (at most ₹100)", "₹50 off …", "No prepaid discount". */
export function describePrepaidRule(rule: PrepaidDiscountRule): string {
  if (rule.kind === 'off') return 'No prepaid discount';
  const cap = rule.cap !== null ? ` (at most ${formatINR(rule.cap)})` : '';
  return `${rule.kind === 'percent' ? `${rule.value}%` : formatINR(rule.value)} off orders paid online${cap}`;
}
