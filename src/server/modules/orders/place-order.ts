/**
 * The one order-placement path (issue 20 "Shape"; DESIGN.md "Rules where the spec is silent"). Every
 * payment method ends here: Razorpay's verify, its webhook and its reconciliation (once the payment is
 * captured), and Cash on Delivery (at once). A payment method is a thin adapter that prices a checkout
 * attempt and then calls `placeOrder` inside a transaction that holds the attempt's row lock.
 *
 * In the caller's transaction, `placeOrder`:
 * - takes the stock of every line with a conditional update (never below zero, only active variants)
 *   and writes one 'sale' row per line to the inventory ledger, in the same statement;
 * - counts the coupon's use (only while uses are left, first-order coupons only while the shopper has
 *   no order, the shopper's own count only while under their limit);
 * - writes the order with its lines, the GST of each line (src/core/tax.ts: the order's discount is
 *   allotted to the lines to the paisa, the rate is the slab of the price per piece after discount,
 *   CGST + SGST when shipping to the shop's state, IGST otherwise), its first timeline entry, the
 *   completed attempt, the bought cart lines removed (cart checkout only) and the confirmation mail
 *   (with the invoice PDF attached by reference) in the outbox;
 * - marks the order due its GST invoice number, which `afterPlacement` gives once the transaction
 *   has committed (modules/invoices/numbering.ts says why not inside it).
 * When a line is short, a variant inactive or the coupon no longer usable it throws `Unfillable` and
 * the caller rolls back: nothing of the order is written.
 *
 * A COD fee is what the attempt charges beyond its goods (grand total − (subtotal − discount)); it is
 * taxed, as part of the supply of the goods, at the highest rate among the order's lines.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Order } from '../../../core/api-types';
import { allotDiscount, computeGst, gstOnCharge, type TaxSlab } from '../../../core/tax';
import type { Tx } from '../../db/client';
import {
  cartItems,
  checkoutAttempts,
  couponUses,
  coupons,
  inventoryLedger,
  mailOutbox,
  orderEvents,
  orderItems,
  orders,
  variants,
  type OrderSeller,
} from '../../db/schema';
import type { MailMessage } from '../../integrations/mail/mailer';
import type { MailQueue, StagedMail } from '../../integrations/mail/outbox';
import type { InvoiceNumbering } from '../invoices/numbering';
import { shapeOrder } from './service';

type AttemptRow = typeof checkoutAttempts.$inferSelect;

/** Why an attempt cannot become an order; the caller turns it into the shopper's 409. */
export type UnfillableReason = 'stock' | 'couponLimit' | 'couponShopper' | 'couponFirstOrder';

/** Thrown inside the order's transaction to roll it back. */
export class Unfillable extends Error {
  constructor(readonly reason: UnfillableReason) {
    super(reason);
  }
}

/** How the order is paid: captured online (Razorpay) or cash to collect on delivery. */
export type OrderPayment = { method: 'razorpay'; razorpayPaymentId: string } | { method: 'cod' };

export interface PlacementContext {
  /**
   * The seller from the shop settings: its state decides CGST + SGST vs IGST, the invoice prefix
   * numbers the invoice, and legal name, address, state and GSTIN are kept on the order for its invoice.
   */
  seller: OrderSeller & { invoicePrefix: string };
  /** The GST slabs in paise (settings service `taxSlabs()`). */
  slabs: readonly TaxSlab[];
  /** The confirmation mail: composed here, staged in the outbox, delivered by the caller after the commit. */
  orderMail?: { queue: MailQueue; compose: (order: Order) => MailMessage };
  now?: Date;
}

/** The order's lines with the GST of each, and the tax of the whole order (paise). */
function taxLines(attempt: AttemptRow, ctx: PlacementContext) {
  const lineTotals = attempt.items.map((l) => l.unitPricePaise * l.quantity);
  const discounts = allotDiscount(lineTotals, attempt.discountPaise);
  const places = { slabs: ctx.slabs, shopState: ctx.seller.state, shippingState: attempt.shippingAddress.state };
  const goods = computeGst(
    attempt.items.map((l, i) => ({ unitPricePaise: l.unitPricePaise, quantity: l.quantity, totalPaise: lineTotals[i] - discounts[i] })),
    places,
  );
  const codFeePaise = attempt.grandTotalPaise - (attempt.subTotalPaise - attempt.discountPaise);
  const fee = gstOnCharge(
    codFeePaise,
    goods.lines.map((l) => l.ratePercent),
    places,
  );
  return { discounts, goods, codFeePaise, taxPaise: goods.totals.taxPaise + fee.taxPaise };
}

/**
 * Places the order for a locked, open checkout attempt (see the module docstring). Returns the order
 * as the API shows it and the staged confirmation mail (deliver it after the commit). Throws
 * `Unfillable` (roll back) when the stock or the coupon is gone.
 */
export async function placeOrder(
  tx: Tx,
  attempt: AttemptRow,
  payment: OrderPayment,
  ctx: PlacementContext,
): Promise<{ placed: Order; mail?: StagedMail }> {
  const now = ctx.now ?? new Date();
  const { discounts, goods, codFeePaise, taxPaise } = taxLines(attempt, ctx);
  const order = {
    id: randomUUID(),
    userId: attempt.userId,
    checkoutAttemptId: attempt.id,
    status: 'placed' as const,
    email: attempt.email,
    phone: attempt.phone,
    shippingAddress: attempt.shippingAddress,
    itemCount: attempt.itemCount,
    subTotalPaise: attempt.subTotalPaise,
    discountType: attempt.discountType,
    discountPaise: attempt.discountPaise,
    shippingPaise: 0,
    codFeePaise,
    taxPaise,
    grandTotalPaise: attempt.grandTotalPaise,
    couponId: attempt.couponId,
    couponCode: attempt.couponCode,
    paymentMethod: payment.method,
    paymentStatus: payment.method === 'cod' ? ('pending' as const) : ('captured' as const),
    paymentCollectedAt: null,
    razorpayOrderId: attempt.razorpayOrderId,
    razorpayPaymentId: payment.method === 'razorpay' ? payment.razorpayPaymentId : null,
    invoiceNumber: null as string | null,
    invoiceDue: true,
    seller: { legalName: ctx.seller.legalName, address: ctx.seller.address, state: ctx.seller.state, gstin: ctx.seller.gstin },
    restocked: false,
    createdAt: now,
    updatedAt: now,
  } satisfies typeof orders.$inferSelect;
  const items = attempt.items.map((line, position) => {
    const tax = goods.lines[position];
    return {
      id: randomUUID(),
      orderId: order.id,
      productId: line.productId,
      variantId: line.variantId,
      title: line.title,
      variantName: line.size,
      sku: line.sku,
      image: line.image,
      unitPricePaise: line.unitPricePaise,
      quantity: line.quantity,
      lineTotalPaise: line.unitPricePaise * line.quantity,
      position,
      hsn: line.hsn ?? '',
      discountPaise: discounts[position],
      taxablePaise: tax.taxablePaise,
      taxRateBp: Math.round(tax.ratePercent * 100),
      cgstPaise: tax.cgstPaise,
      sgstPaise: tax.sgstPaise,
      igstPaise: tax.igstPaise,
    } satisfies typeof orderItems.$inferSelect;
  });
  const event = {
    id: randomUUID(),
    orderId: order.id,
    status: 'placed' as const,
    note: payment.method === 'cod' ? 'Cash on Delivery order placed' : 'Payment received',
    at: now,
  } satisfies typeof orderEvents.$inferSelect;
  const placed = shapeOrder(order, items, [event]);
  // The invoice PDF is attached by reference and drawn when the mail is delivered, after the commit.
  const mail = ctx.orderMail?.queue.stage({ ...ctx.orderMail.compose(placed), attachments: [{ kind: 'invoice', orderId: order.id }] });

  // One statement takes the stock of every line, writes the ledger and the order with its items,
  // its first timeline entry, the completed attempt, the emptied cart lines and the mail (issue 8:
  // each statement is a round trip to the database). They are all built here, so the answer needs no
  // read-back. A line whose variant is inactive or short is not taken; the caller then rolls back.
  // With more than one line, the `locked` step locks the variants in id order, as the admin's product
  // save does, before the update can touch any: two checkouts sharing variants never wait on each
  // other in a cycle. One line takes one lock, which cannot close a cycle, so it skips the step.
  const variantIds = attempt.items.map((line) => line.variantId);
  const lockFirst = variantIds.length > 1;
  const locked = sql`select ${variants.id} from ${variants} where ${inArray(variants.id, variantIds)} order by ${variants.id} for update`;
  const wanted = sql.join(
    attempt.items.map((line) => sql`(${line.variantId}::uuid, ${line.quantity}::int)`),
    sql`, `,
  );
  const stock = tx
    .update(variants)
    .set({ stockQty: sql`${variants.stockQty} - wanted.quantity`, updatedAt: now })
    .from(sql`(values ${wanted}) as wanted(variant_id, quantity)`)
    .where(
      and(
        eq(variants.id, sql`wanted.variant_id`),
        lockFirst ? sql`${variants.id} in (select id from locked)` : undefined,
        gte(variants.stockQty, sql`wanted.quantity`),
        eq(variants.isActive, true),
      ),
    )
    .returning({ id: variants.id, stockAfter: variants.stockQty, quantity: sql<number>`wanted.quantity` });
  const ledger = sql`insert into ${inventoryLedger} (variant_id, delta, stock_after, reason, order_id, created_at)
    select id, -quantity, stock_after, 'sale', ${order.id}::uuid, ${now} from taken`;
  const writes = [
    tx
      .insert(orders)
      .values(order),
    tx.insert(orderItems).values(items),
    tx.insert(orderEvents).values(event),
    tx
      .update(checkoutAttempts)
      .set({ status: 'completed', orderId: order.id, razorpayPaymentId: order.razorpayPaymentId, updatedAt: now })
      .where(eq(checkoutAttempts.id, attempt.id)),
    // A cart checkout empties the bought lines from the cart; Buy Now leaves the cart alone.
    ...(attempt.fromBuyNow
      ? []
      : [tx.delete(cartItems).where(and(eq(cartItems.userId, attempt.userId), inArray(cartItems.variantId, variantIds)))]),
    ...(mail ? [tx.insert(mailOutbox).values(mail)] : []),
  ];
  // The coupon's use (DESIGN.md): a row lock makes concurrent checkouts take turns and re-check.
  // Stock is taken first in every checkout, so the locks come in one order.
  const couponId = attempt.couponId;
  const couponTaken = couponId
    ? tx
        .update(coupons)
        .set({ used: sql`${coupons.used} + 1`, updatedAt: now })
        .where(
          and(
            eq(coupons.id, couponId),
            sql`(${coupons.maxUses} is null or ${coupons.used} < ${coupons.maxUses})`,
            sql`(not ${coupons.firstOrderOnly} or not exists (select 1 from ${orders} where ${orders.userId} = ${attempt.userId}))`,
          ),
        )
        .returning({ id: coupons.id })
    : null;
  const shopperUse = couponId
    ? tx
        .insert(couponUses)
        .values({ couponId, userId: attempt.userId, used: 1, lastOrderId: order.id, updatedAt: now })
        .onConflictDoUpdate({
          target: [couponUses.couponId, couponUses.userId],
          set: { used: sql`${couponUses.used} + 1`, lastOrderId: order.id, updatedAt: now },
          setWhere: sql`${couponUses.used} < coalesce((select ${coupons.maxUsesPerShopper} from ${coupons} where ${coupons.id} = ${couponId}), 2147483647)`,
        })
        .returning({ used: couponUses.used })
    : null;
  const firstOrderGone = couponId
    ? sql`(select ${coupons.firstOrderOnly} and exists (select 1 from ${orders} where ${orders.userId} = ${attempt.userId}) from ${coupons} where ${coupons.id} = ${couponId})`
    : sql`false`;
  const { rows } = await tx.execute<{
    taken: number;
    coupon_taken: number;
    shopper_use: number;
    first_order_gone: boolean | null;
  }>(
    sql`with ${lockFirst ? sql`locked as (${locked}), ` : sql``}taken(id, stock_after, quantity) as (${stock.getSQL()}), ledger as (${ledger}), ${
      couponTaken && shopperUse ? sql`coupon_taken as (${couponTaken.getSQL()}), shopper_use as (${shopperUse.getSQL()}), ` : sql``
    }${sql.join(
      writes.map((write, i) => sql`${sql.raw(`w${i}`)} as (${write.getSQL()})`),
      sql`, `,
    )} select (select count(*) from taken)::int as taken, ${
      couponTaken
        ? sql`(select count(*) from coupon_taken)::int as coupon_taken, (select count(*) from shopper_use)::int as shopper_use`
        : sql`1 as coupon_taken, 1 as shopper_use`
    }, ${firstOrderGone} as first_order_gone`,
  );
  const result = rows[0];
  if (result.taken !== attempt.items.length) throw new Unfillable('stock');
  if (result.coupon_taken !== 1) throw new Unfillable(result.first_order_gone ? 'couponFirstOrder' : 'couponLimit');
  if (result.shopper_use !== 1) throw new Unfillable('couponShopper');
  return { placed, mail };
}

/**
 * What follows an order's commit, for every caller of `placeOrder`: the order's GST invoice number
 * (modules/invoices/numbering.ts), then its confirmation mail, delivered in turn with other mails
 * just committed. Returns the order with its number. When the numbering run failed (logged), the
 * answer's number is null and the mail is left to the outbox's retry loop, which numbers the
 * orders still due one before it sends (jobs.ts), so the mail always carries its invoice.
 */
export async function afterPlacement(
  deps: {
    invoiceNumbering: InvoiceNumbering;
    orderMail?: { queue: MailQueue };
    log?: { error(obj: object, msg: string): void };
  },
  placed: Order,
  mail: StagedMail | undefined,
): Promise<Order> {
  const invoiceNumber = await deps.invoiceNumbering.numberFor(placed._id);
  if (mail && invoiceNumber) {
    deps.orderMail?.queue.deliver(mail).catch((err: unknown) => deps.log?.error({ err, mailId: mail.id }, 'order mail not delivered'));
  }
  return { ...placed, invoiceNumber };
}
