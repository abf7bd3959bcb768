/**
 * Part-paid Cash on Delivery (docs/architecture.md#part-paid-cod): the one owner of how much of a COD
 * order is paid online in advance, read by the server (payments/cod-advance.ts decides) and the
 * checkout page (shows "Pay ₹x now, ₹y on delivery" before the shopper chooses). No zod here: the
 * checkout page loads this file.
 */
import { formatINR } from './money';

/** Razorpay takes no payment under ₹1 (100 paise): an advance is at least this. */
export const MIN_ADVANCE_PAISE = 100;

/** The settings' `codAdvance` as the API gives it: `value` rupees for 'fixed', a whole percent (1–90) for 'percent'; `above` rupees. */
export interface CodAdvanceRule {
  kind: 'off' | 'fixed' | 'percent';
  value: number;
  above: number;
}

/**
 * The advance a Cash on Delivery order pays online (paise), docs/architecture.md#part-paid-cod:
 * - 0 when the rule is off, or the order's grand total (goods after discount plus the COD fee, before
 *   store credit) is under `above` rupees (`above` 0: every COD order), or the amount due after the
 *   store credit is under ₹1;
 * - 'fixed': `value` rupees, capped at the amount due (grand total less store credit);
 * - 'percent': `value`% of the amount due, rounded **up** to a whole rupee (the shop never asks a
 *   fraction of a rupee less than it set; the shopper sees whole rupees), capped at the amount due;
 * - never under ₹1 (Razorpay's minimum): a smaller result is raised to ₹1.
 * In: paise (`grandTotalPaise` with the COD fee, `storeCreditPaise` spent on the order). Throws nothing.
 */
export function codAdvancePaise(rule: CodAdvanceRule, order: { grandTotalPaise: number; storeCreditPaise?: number }): number {
  if (rule.kind === 'off' || !(rule.value > 0)) return 0;
  if (order.grandTotalPaise < Math.round(rule.above * 100)) return 0;
  const due = order.grandTotalPaise - (order.storeCreditPaise ?? 0);
  if (due < MIN_ADVANCE_PAISE) return 0;
  const wanted =
    rule.kind === 'fixed'
      ? Math.round(rule.value * 100)
      : // Whole paise first, then up to the rupee: integer arithmetic only.
        Math.ceil((due * Math.round(rule.value)) / 100 / 100) * 100;
  return Math.min(due, Math.max(MIN_ADVANCE_PAISE, wanted));
}

/**
 * The two parts of a part-paid COD order in paise: `advance` paid online, `cash` collected on
 * delivery (grand total less store credit less advance). Never negative.
 */
export function codParts(order: { grandTotalPaise: number; storeCreditPaise?: number; codAdvancePaise?: number }): {
  advance: number;
  cash: number;
} {
  const advance = order.codAdvancePaise ?? 0;
  return { advance, cash: Math.max(0, order.grandTotalPaise - (order.storeCreditPaise ?? 0) - advance) };
}

/**
 * What the courier collects for a Cash on Delivery order as the API shows it (rupees): the grand total
 * less the store credit and the advance paid online, worked out in paise (docs/architecture.md#part-paid-cod).
 */
export function cashOnDelivery(order: { totals: { grandTotal: number }; payment: { storeCredit?: number; codAdvance?: number } }): number {
  const paise = (rupees: number | undefined) => Math.round((rupees ?? 0) * 100);
  return (
    codParts({
      grandTotalPaise: paise(order.totals.grandTotal),
      storeCreditPaise: paise(order.payment.storeCredit),
      codAdvancePaise: paise(order.payment.codAdvance),
    }).cash / 100
  );
}

/**
 * The words for a part-paid COD order's two parts on the shopper's and the admin's order pages and in
 * the order mail: "Advance paid online ₹x · ₹y to pay in cash on delivery" ("… paid in cash on
 * delivery" once collected); null for an order without an advance.
 */
export function codAdvanceLine(order: {
  totals: { grandTotal: number };
  payment: { method: string; status: string; storeCredit?: number; codAdvance?: number };
}): string | null {
  if (order.payment.method !== 'cod' || !(order.payment.codAdvance && order.payment.codAdvance > 0)) return null;
  const cash = cashOnDelivery(order);
  const tail = order.payment.status === 'collected' ? 'paid in cash on delivery' : 'to pay in cash on delivery';
  return `Advance paid online ${formatINR(order.payment.codAdvance)} · ${formatINR(cash)} ${tail}`;
}
