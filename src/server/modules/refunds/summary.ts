/**
 * An order's refunds as the API shows them: paid, refunded and still refundable (rupees),
 * and each refund with its credit note. Read by the order views (orders/service.ts hydrateOrders).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { toRupees } from '../../../core/money';
import { refundState, type RefundSummary, type RefundView } from '../../../core/refunds';
import type { Tx } from '../../db/client';
import { creditNotes, orderRefunds, type orders } from '../../db/schema';

type OrderRow = typeof orders.$inferSelect;
type RefundRow = typeof orderRefunds.$inferSelect;

/**
 * Paise actually received for an order: the store credit spent on it (taken when it was placed,
 * docs/architecture.md#store-credit) plus the money: prepaid, the rest of its total once captured;
 * COD, its advance paid online (part-paid COD, docs/architecture.md#part-paid-cod: captured before the
 * order was placed) and the rest once collected.
 */
export function paidPaise(
  order: Pick<OrderRow, 'paymentMethod' | 'paymentStatus' | 'grandTotalPaise' | 'storeCreditPaise'> & { codAdvancePaise?: number },
): number {
  const credit = order.storeCreditPaise ?? 0;
  const money = order.grandTotalPaise - credit;
  if (order.paymentMethod === 'cod') {
    const advance = order.codAdvancePaise ?? 0;
    return credit + advance + (order.paymentStatus === 'collected' ? money - advance : 0);
  }
  return credit + (order.paymentStatus === 'captured' ? money : 0);
}

/** A refund row with its credit note, as the API shows it (rupees). */
export function toView(r: RefundRow, note: { id: string; number: string } | null): RefundView {
  return {
    _id: r.id,
    amount: toRupees(r.amountPaise),
    reason: r.reason,
    source: r.source,
    status: r.status,
    method: r.method,
    providerRefundId: r.providerRefundId,
    manualReference: r.manualReference,
    failureReason: r.failureReason,
    creditNote: note ? { _id: note.id, number: note.number } : null,
    createdAt: r.createdAt.toISOString(),
    processedAt: r.processedAt?.toISOString() ?? null,
  };
}

/**
 * The refund picture of each order in `rows`: paid, refunded (every refund not failed), what is still
 * refundable (paid less every refund recorded: a failed one is still owed), where it stands, and its
 * refunds oldest first. Orders without refunds get an empty list.
 */
export async function refundSummaries(db: Tx, rows: OrderRow[]): Promise<Map<string, RefundSummary>> {
  const ids = rows.map((r) => r.id);
  const found = ids.length
    ? await db
        .select({ refund: orderRefunds, noteId: creditNotes.id, noteNumber: creditNotes.number })
        .from(orderRefunds)
        .leftJoin(creditNotes, eq(creditNotes.refundId, orderRefunds.id))
        .where(inArray(orderRefunds.orderId, ids))
        .orderBy(asc(orderRefunds.createdAt))
    : [];
  const result = new Map<string, RefundSummary>();
  for (const row of rows) {
    const mine = found.filter((f) => f.refund.orderId === row.id);
    const paid = paidPaise(row);
    const refunded = mine.filter((f) => f.refund.status !== 'failed').reduce((sum, f) => sum + f.refund.amountPaise, 0);
    const recorded = mine.reduce((sum, f) => sum + f.refund.amountPaise, 0);
    result.set(row.id, {
      paid: toRupees(paid),
      refunded: toRupees(refunded),
      refundable: toRupees(Math.max(0, paid - recorded)),
      state: refundState(
        paid,
        mine.map((f) => f.refund),
      ),
      refunds: mine.map((f) => toView(f.refund, f.noteId ? { id: f.noteId, number: f.noteNumber! } : null)),
    });
  }
  return result;
}
