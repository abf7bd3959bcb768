/**
 * Inserts an order as the order placement records it for a GST tax invoice: per line
 * HSN, the discount allotted to it, and the GST computed with `computeGst` on what was paid for the
 * line; the order's tax, COD fee, payment method and invoice number. Until the placement path fills
 * these columns itself, invoice tests build their orders with this.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { PaymentMethod } from '../../src/core/constants';
import { computeGst } from '../../src/core/tax';
import type { Database } from '../../src/server/db/client';
import { orderItems, orders, type StoredShippingAddress } from '../../src/server/db/schema';
import { createOrderRecord } from './factories';

export interface InvoicedLine {
  title: string;
  size: string;
  hsn: string;
  unitPricePaise: number;
  quantity: number;
  /** The order's discount allotted to this line; a multiple of the quantity (the price per piece stays whole paise). */
  discountPaise: number;
}

/** Inserts the order (see the module docstring); returns its row as updated. */
export async function createInvoicedOrder(
  db: Database,
  opts: {
    userId: string;
    lines: InvoicedLine[];
    invoiceNumber: string | null;
    shopState?: string;
    shipping?: Partial<StoredShippingAddress>;
    email?: string;
    codFeePaise?: number;
    paymentMethod?: PaymentMethod;
  },
) {
  const order = await createOrderRecord(db, {
    userId: opts.userId,
    email: opts.email,
    shipping: opts.shipping,
    lines: opts.lines.map((l) => ({ productId: randomUUID(), variantId: null, ...l })),
    discountPaise: opts.lines.reduce((sum, l) => sum + l.discountPaise, 0),
  });
  const gst = computeGst(
    opts.lines.map((l) => ({ unitPricePaise: (l.unitPricePaise * l.quantity - l.discountPaise) / l.quantity, quantity: l.quantity })),
    { shopState: opts.shopState ?? 'Karnataka', shippingState: order.shippingAddress.state },
  );
  for (const [position, line] of opts.lines.entries()) {
    const g = gst.lines[position];
    await db
      .update(orderItems)
      .set({
        hsn: line.hsn,
        discountPaise: line.discountPaise,
        taxablePaise: g.taxablePaise,
        taxRateBp: Math.round(g.ratePercent * 100),
        cgstPaise: g.cgstPaise,
        sgstPaise: g.sgstPaise,
        igstPaise: g.igstPaise,
      })
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.position, position)));
  }
  const codFeePaise = opts.codFeePaise ?? 0;
  const cod = (opts.paymentMethod ?? 'razorpay') === 'cod';
  const [updated] = await db
    .update(orders)
    .set({
      invoiceNumber: opts.invoiceNumber,
      taxPaise: gst.totals.taxPaise,
      codFeePaise,
      grandTotalPaise: order.grandTotalPaise + codFeePaise,
      paymentMethod: opts.paymentMethod ?? 'razorpay',
      paymentStatus: cod ? 'pending' : 'captured',
      ...(cod ? { razorpayOrderId: null, razorpayPaymentId: null } : {}),
    })
    .where(eq(orders.id, order.id))
    .returning();
  return updated;
}
