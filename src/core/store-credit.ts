/**
 * Store credit as both sides read it (docs/architecture.md#store-credit): the words for each kind of
 * change and how much of a checkout the credit pays. No zod here: the checkout and profile pages
 * load this file (the answer schemas are in schemas/store-credit.ts).
 */

/** Why a balance changed. */
export type StoreCreditReason = 'refund' | 'bonus' | 'order' | 'order_cancelled' | 'adjustment';

/** How the shopper and the owner read each reason. */
export const STORE_CREDIT_REASON_WORDS: Record<StoreCreditReason, string> = {
  refund: 'Refund',
  bonus: 'Bonus on a refund',
  order: 'Spent on an order',
  order_cancelled: 'Order cancelled: credit back',
  adjustment: 'Adjustment by the shop',
};

/** One change of a shopper's balance as the API shows it (rupees; signed: spends are negative). */
export interface StoreCreditEntry {
  _id: string;
  amount: number;
  balanceAfter: number;
  reason: StoreCreditReason;
  orderId: string | null;
  note: string;
  createdAt: string;
}

/**
 * A shopper's balance (rupees) and their latest changes, newest first, with what the shop offers now
 * (the settings' `storeCredit`: whether refunds may go to store credit, and the bonus percent).
 */
export interface StoreCreditAccount {
  balance: number;
  history: StoreCreditEntry[];
  offer: { refunds: 'off' | 'choice'; bonusPercent: number };
}

/**
 * What an order leaves to pay online or in cash after its store credit (rupees): the grand total less
 * `payment.storeCredit`, worked out in paise.
 */
export function moneyPart(order: { totals: { grandTotal: number }; payment: { storeCredit?: number } }): number {
  return Math.round(order.totals.grandTotal * 100 - (order.payment.storeCredit ?? 0) * 100) / 100;
}

/** Razorpay takes no payment under ₹1 (100 paise). */
export const MIN_ONLINE_PAISE = 100;

/**
 * How much store credit a checkout spends (paise), docs/architecture.md#store-credit:
 * - credit that covers the whole total pays all of it (the order needs no other payment);
 * - otherwise, paying online, at most the total less ₹1, since Razorpay takes nothing under ₹1
 *   (a balance within a rupee of the total leaves exactly ₹1 to pay online);
 * - otherwise, Cash on Delivery, all of the balance (the rest is collected in cash).
 */
export function creditToSpend(balancePaise: number, grandTotalPaise: number, method: 'razorpay' | 'cod'): number {
  if (balancePaise <= 0 || grandTotalPaise <= 0) return 0;
  if (balancePaise >= grandTotalPaise) return grandTotalPaise;
  if (method === 'razorpay') return Math.max(0, Math.min(balancePaise, grandTotalPaise - MIN_ONLINE_PAISE));
  return balancePaise;
}
