/**
 * What a Cash on Delivery order still asks its shopper to pay, in the words of the shopper's and the
 * admin's order screens. An unpaid COD order that was cancelled, came back undelivered or was
 * refunded owes nothing: the statuses the dashboard leaves out of "to collect" (NON_REVENUE_STATUSES
 * in core/schemas/admin-orders.ts, not imported here: it would bring zod into the order pages), and
 * docs/decisions/0017-refunds-and-credit-notes.md (a credit note for an unpaid COD cancellation).
 */
import { PAYMENT_STATUS_LABELS, type OrderStatus, type PaymentMethod, type PaymentStatus } from './constants';
import { formatINR } from './money';

/** The parts of an order these words need. */
export interface PaymentView {
  status: OrderStatus;
  payment: { method: PaymentMethod; status: PaymentStatus };
}

/** One word per status in NON_REVENUE_STATUSES. */
const NOTHING_TO_PAY: Partial<Record<OrderStatus, string>> = {
  cancelled: 'Cancelled · nothing to pay',
  returned: 'Returned undelivered · nothing to pay',
  refunded: 'Refunded · nothing to pay',
};

/** 'Cancelled · nothing to pay' (or returned, refunded) for an unpaid COD order that owes nothing; else null. */
export function nothingToPay(order: PaymentView): string | null {
  if (order.payment.method !== 'cod' || order.payment.status !== 'pending') return null;
  return NOTHING_TO_PAY[order.status] ?? null;
}

/** The admin's word for where an order's payment stands: 'Paid', 'To collect', 'Collected' or nothing to pay. */
export function paymentStateLabel(order: PaymentView): string {
  return nothingToPay(order) ?? PAYMENT_STATUS_LABELS[order.payment.status];
}

/** The shopper's line under "Cash on Delivery": paid, nothing to pay, or how much to pay on arrival; null for prepaid orders. */
export function codPaymentNote(order: PaymentView, grandTotal: number): string | null {
  if (order.payment.method !== 'cod') return null;
  if (order.payment.status === 'collected') return 'Paid on delivery';
  return nothingToPay(order) ?? `Pay ${formatINR(grandTotal)} when it arrives`;
}
