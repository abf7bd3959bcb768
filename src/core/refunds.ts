/**
 * Cancellations and refunds as both sides speak them (issue 21 "Cancellations and refunds"; DESIGN.md
 * "Refunds move money only through explicit actions"): the shopper's cancel reasons, the request
 * bodies of the cancel and refund calls (amounts in rupees to the paisa, as the API speaks), the
 * refund as the API shows it, and how the GST included in a credited amount splits.
 */
import { z } from 'zod';

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

/** POST /api/orders/{id}/cancel. */
export const cancelOrderSchema = z.strictObject({
  reason: z.enum(CANCEL_REASONS, { error: 'Please choose a reason for cancelling' }),
});

const reasonField = z
  .string({ error: 'Please give a reason for the refund' })
  .trim()
  .min(1, 'Please give a reason for the refund')
  .max(200, 'The reason must be at most 200 characters');
const manualReferenceField = z
  .string()
  .trim()
  .max(100, 'The reference must be at most 100 characters')
  .optional()
  .transform((v) => v || undefined);

/** POST /api/orders/admin/{id}/cancel: cancel and refund everything paid. */
export const adminCancelSchema = z.strictObject({ reason: reasonField, manualReference: manualReferenceField });

/** POST /api/orders/admin/{id}/refunds: an amount in rupees (up to 2 decimals), full or part of what is left. */
export const adminRefundSchema = z.strictObject({
  amount: z
    .number({ error: 'Please enter the amount to refund' })
    .positive('The amount must be more than ₹0')
    .max(10_000_000, 'The amount is too large')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'The amount can have at most 2 decimals (paise)'),
  reason: reasonField,
  manualReference: manualReferenceField,
});

export type RefundStatus = 'pending' | 'processed' | 'failed';

/** A refund as the API shows it (rupees; times ISO). */
export interface RefundView {
  _id: string;
  amount: number;
  reason: string;
  source: 'cancel' | 'admin' | 'return';
  status: RefundStatus;
  method: 'razorpay' | 'manual';
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
  refunded: number;
  refundable: number;
  refunds: RefundView[];
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
