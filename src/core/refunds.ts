/**
 * Cancellations and refunds as both sides speak them (docs/decisions/0017-refunds-and-credit-notes.md;
 * docs/architecture.md#refunds-and-returns): the shopper's cancel reasons, the refund as
 * the API shows it, and how the GST included in a credited amount splits. No zod here: the order
 * page loads this file (the request bodies' schemas are in schemas/refunds.ts).
 */
/** Why a shopper cancels (the select on the order page); the last one needs no explanation either. */
export const CANCEL_REASONS = [
  'Ordered by mistake',
  'Found a better price elsewhere',
  'Delivery is taking too long',
  'Want to change the size or colour',
  'Want to change the address',
  'Other',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** The server's refusal for an order the courier already has. */
export const SHIPPED_CANNOT_CANCEL = 'This order has shipped and can no longer be cancelled';

export type RefundStatus = 'pending' | 'processed' | 'failed';

/** A refund as the API shows it (rupees; times ISO). */
export interface RefundView {
  _id: string;
  amount: number;
  reason: string;
  source: 'cancel' | 'admin' | 'return';
  status: RefundStatus;
  /** 'store_credit': into the shopper's store credit (docs/architecture.md#store-credit), processed at once. */
  method: 'razorpay' | 'manual' | 'store_credit';
  providerRefundId: string | null;
  manualReference: string | null;
  failureReason: string | null;
  creditNote: { _id: string; number: string } | null;
  createdAt: string;
  processedAt: string | null;
}

/** What an order's money looks like after refunds (rupees): paid, refunded (processed or pending) and left. */
export interface RefundSummary {
  paid: number;
  /** Refunds processed or on their way (pending); a failed one is not counted here. */
  refunded: number;
  /** What may still be refunded: paid minus every refund recorded (a failed one is still owed, to retry). */
  refundable: number;
  /** What the order's refunds add up to, in the words of {@link REFUND_STATE_WORDS}. */
  state: RefundState;
  refunds: RefundView[];
}

/**
 * Where an order's money stands (docs/decisions/0017-refunds-and-credit-notes.md "The order says what
 * happened"): a failed refund first (it needs the shop), then one on its way, then refunded in full
 * or in part; 'none' without refunds.
 */
export type RefundState = 'none' | 'refund_failed' | 'refund_pending' | 'refunded' | 'partly_refunded';

/** The words for each {@link RefundState}, as the shopper and the owner read them. */
export const REFUND_STATE_WORDS: Record<RefundState, string> = {
  none: '',
  refund_failed: 'Refund failed',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
  partly_refunded: 'Partly refunded',
};

/** The {@link RefundState} of refunds (paise) against what was paid. */
export function refundState(paidPaise: number, refunds: { status: RefundStatus; amountPaise: number }[]): RefundState {
  if (refunds.length === 0) return 'none';
  if (refunds.some((r) => r.status === 'failed')) return 'refund_failed';
  if (refunds.some((r) => r.status === 'pending')) return 'refund_pending';
  const processed = refunds.reduce((sum, r) => sum + r.amountPaise, 0);
  return processed >= paidPaise ? 'refunded' : 'partly_refunded';
}

/**
 * A refund the shop still owes (the dashboard's list): failed, or pending longer than a few minutes.
 * `kind` 'order' is a refund of an order; 'checkout' refunds a payment that never became an order
 * (the last units sold while the shopper paid), found by the shopper's e-mail. Rupees.
 */
export interface UnsettledRefund {
  _id: string;
  kind: 'order' | 'checkout';
  orderId: string | null;
  email: string | null;
  amount: number;
  reason: string;
  status: RefundStatus;
  failureReason: string | null;
  creditNoteNumber: string | null;
  createdAt: string;
  ageMinutes: number;
}

/** Words for a refund's state, shopper side: 'Refund of ₹x processed'. */
export const REFUND_STATUS_WORDS: Record<RefundStatus, string> = {
  pending: 'on its way',
  processed: 'processed',
  failed: 'failed',
};

/**
 * The GST included in a credited amount (paise, GST included) at `rateBp` basis points (500 = 5%),
 * split as the invoice split it (src/core/tax.ts computeGst): taxable = total / (1 + rate) rounded
 * half up; CGST gets the odd paisa of an intra-state split. Sums are exact: taxable + GST = total.
 */
export function splitIncludedGst(
  totalPaise: number,
  rateBp: number,
  intraState: boolean,
): { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number } {
  const num = totalPaise * 10_000;
  const den = 10_000 + rateBp;
  const q = Math.floor(num / den);
  const taxablePaise = 2 * (num - q * den) >= den ? q + 1 : q;
  const tax = totalPaise - taxablePaise;
  const cgstPaise = intraState ? Math.ceil(tax / 2) : 0;
  return { taxablePaise, cgstPaise, sgstPaise: intraState ? tax - cgstPaise : 0, igstPaise: intraState ? 0 : tax };
}
