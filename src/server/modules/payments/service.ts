/**
 * Checkout with Razorpay (storefront sections 4 and 7; DESIGN.md "Rules where the spec is
 * silent"): create-order prices from the catalogue, creates the Razorpay order for that amount in
 * paise with the new attempt's id as receipt and records the checkout attempt; verify checks the
 * signature and finds the attempt by the signed order id, then one transaction locks the attempt
 * and, in one statement, takes the stock of every line with a conditional update, creates the order
 * with its items and first timeline entry, clears the bought cart lines, writes the confirmation
 * mail to the outbox and marks the attempt completed (rolled back when a line is short).
 * The same payment completed twice gives the same order. A paid attempt that cannot be filled is
 * refunded and no order is created.
 * Coupons (issue 20): create-order prices with the shopper's `couponCode` (the larger of it and the
 * automatic discount applies) and freezes the coupon on the attempt; the same one statement then
 * counts the use (`used = used + 1` only while uses are left, and the shopper's own count only while
 * under their limit). When either condition fails the paid attempt is refunded like a line that
 * cannot be filled: the shopper paid a discounted amount the shop can no longer honour, and charging
 * the difference later is not possible (docs/decisions/coupon-codes.md).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { CreateOrderResponse, Order, Pricing } from '../../../core/api-types';
import { COUPON_MESSAGES } from '../../../core/coupons';
import { formatINR, toRupees } from '../../../core/money';
import {
  DELIVERY_ADDRESS_REQUIRED,
  shippingAddressFromProfile,
  shippingAddressSchema,
  type ShippingAddress,
} from '../../../core/schemas/checkout';
import { preparedOnce, type Database } from '../../db/client';
import {
  cartItems,
  checkoutAttempts,
  couponUses,
  coupons,
  mailOutbox,
  orderEvents,
  orderItems,
  orders,
  refunds,
  users,
  variants,
} from '../../db/schema';
import { AppError, badGateway, badRequest, conflict } from '../../errors';
import type { MailMessage } from '../../integrations/mail/mailer';
import type { MailQueue, StagedMail } from '../../integrations/mail/outbox';
import type { RazorpayClient } from '../../integrations/razorpay/razorpay-client';
import { verifyPaymentSignature } from '../../integrations/razorpay/signature';
import { describeProblem, priceRequestedLines, toPricing, type LineRequest, type PricedLines } from '../cart/pricing';
import { couponRefused, priceWithCoupon, type CouponOutcome } from '../coupons/service';
import { findOrder, shapeOrder } from '../orders/service';
import type { PincodeService } from '../pincodes/service';

export interface PaymentDeps {
  db: Database;
  razorpay: RazorpayClient;
  keyId: string;
  keySecret: string;
  /**
   * The order confirmation mail: composed and written to the mail outbox in the order's own
   * transaction (no order without its mail, no mail without its order), delivered after the commit.
   */
  orderMail?: { queue: MailQueue; compose: (order: Order) => MailMessage };
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** The clock coupon dates are checked against; defaults to the system's. */
  now?: () => Date;
  /** Refuses a pincode of another state or one the shop does not deliver to (modules/pincodes). */
  pincodes?: Pick<PincodeService, 'checkAddress'>;
}

export const VERIFY_FAILED = 'Payment verification failed';

/** Razorpay takes no payment under ₹1 (100 paise). */
const MIN_ONLINE_PAYMENT_PAISE = 100;

/** The API's `coupon` for an outcome (rupees). */
const couponResult = (o: CouponOutcome) => ({
  code: o.code,
  applied: o.applied,
  valid: o.valid,
  message: o.message,
  discount: toRupees(o.discountPaise),
});

/**
 * Prices requested lines with the shopper's coupon (normalised code, or null for none): the
 * automatic discount or the coupon, whichever saves more. The outcome is null without a code.
 */
async function priceForShopper(
  deps: Pick<PaymentDeps, 'db' | 'now'>,
  userId: string,
  items: LineRequest[],
  couponCode: string | null | undefined,
): Promise<{ priced: PricedLines; coupon: CouponOutcome | null }> {
  const priced = await priceRequestedLines(deps.db, userId, items);
  if (!couponCode || priced.lines.length === 0) return { priced, coupon: null };
  const now = deps.now?.() ?? new Date();
  const { totals, outcome } = await priceWithCoupon(deps.db, {
    userId,
    code: couponCode,
    totals: priced.totals,
    hasPaidOrder: priced.hasPaidOrder,
    now,
  });
  return { priced: { ...priced, totals }, coupon: outcome };
}

/**
 * POST /api/payments/preview: prices the lines for display; unavailable lines are left out. With a
 * `couponCode` the answer's `coupon` says whether it applies, and if not why (never an error: the
 * summary is then priced without it).
 */
export async function previewPricing(
  deps: Pick<PaymentDeps, 'db' | 'now'>,
  userId: string,
  items: LineRequest[],
  couponCode?: string | null,
): Promise<Pricing & { problems: string[] }> {
  const { priced, coupon } = await priceForShopper(deps, userId, items, couponCode);
  return { ...toPricing(priced), ...(coupon ? { coupon: couponResult(coupon) } : {}), problems: priced.problems.map(describeProblem) };
}

const column = (name: keyof typeof checkoutAttempts.$inferInsert) => sql.placeholder(name);

/** The insert of a new checkout attempt with its Razorpay order id, prepared once per database. */
const insertAttempt = preparedOnce((db) =>
  db
    .insert(checkoutAttempts)
    .values({
      id: column('id'),
      userId: column('userId'),
      fromBuyNow: column('fromBuyNow'),
      items: column('items'),
      itemCount: column('itemCount'),
      subTotalPaise: column('subTotalPaise'),
      discountType: column('discountType'),
      discountPaise: column('discountPaise'),
      grandTotalPaise: column('grandTotalPaise'),
      couponId: column('couponId'),
      couponCode: column('couponCode'),
      currency: column('currency'),
      shippingAddress: column('shippingAddress'),
      email: column('email'),
      phone: column('phone'),
      razorpayOrderId: column('razorpayOrderId'),
    })
    .prepare('insert_checkout_attempt'),
);

/**
 * The shopper's saved profile address as a checkout shipping address (create-order without
 * `shippingAddress`). Throws 400 'Delivery address is required' when the profile has none, and 400
 * with the checkout form's messages when the profile lacks what delivery needs (e.g. a phone).
 */
async function savedAddressOf(db: Database, userId: string, contact: { email?: string; phone?: string }): Promise<ShippingAddress> {
  const [user] = await db
    .select({ name: users.name, email: users.email, phone: users.phone, address: users.address })
    .from(users)
    .where(eq(users.id, userId));
  const candidate = user && shippingAddressFromProfile(user, contact);
  if (!candidate) throw badRequest(DELIVERY_ADDRESS_REQUIRED);
  const parsed = shippingAddressSchema.safeParse(candidate);
  if (!parsed.success) {
    const errors = Object.fromEntries(parsed.error.issues.map((i) => [`shippingAddress.${i.path.join('.')}`, i.message]));
    throw badRequest(parsed.error.issues[0].message, errors);
  }
  return parsed.data;
}

/**
 * POST /api/payments/razorpay/create-order. Ships to `shippingAddress`, or without it to the
 * shopper's saved address (400 'Delivery address is required' when there is none; 400 with
 * errors.pincode when the pincode is in another state or not delivered to). Throws 409 when
 * a line cannot be bought (with the reason), 502 when Razorpay cannot be reached.
 */
export async function createCheckout(
  deps: PaymentDeps,
  userId: string,
  input: {
    items: LineRequest[];
    fromBuyNow: boolean;
    shippingAddress?: ShippingAddress;
    email?: string;
    phone?: string;
    couponCode?: string | null;
  },
): Promise<CreateOrderResponse> {
  const address = input.shippingAddress ?? (await savedAddressOf(deps.db, userId, input));
  await deps.pincodes?.checkAddress(address, { delivery: true });
  const { priced, coupon } = await priceForShopper(deps, userId, input.items, input.couponCode);
  if (priced.problems.length > 0) throw conflict(priced.problems.map(describeProblem).join('. '));
  if (priced.lines.length === 0) throw badRequest('No items to checkout');
  // A coupon that cannot be used is refused rather than silently dropped from what is charged.
  if (coupon && !coupon.valid) throw couponRefused(coupon.message);
  const t = priced.totals;
  if (t.grandTotal < MIN_ONLINE_PAYMENT_PAISE) throw badRequest('The order total must be at least ₹1 to pay online');
  const appliedCoupon = coupon?.applied ? coupon : null;
  // The attempt's id is chosen here so the Razorpay order can carry it as its receipt before the
  // attempt is written: one write per checkout instead of an insert and an update (issue 8).
  const attempt = {
    id: randomUUID(),
    userId,
    fromBuyNow: input.fromBuyNow,
    items: priced.lines.map(({ stockQty: _s, compareAtPaise: _c, ...line }) => line),
    itemCount: t.itemCount,
    subTotalPaise: t.subTotal,
    discountType: t.discountType,
    discountPaise: t.discount,
    grandTotalPaise: t.grandTotal,
    couponId: appliedCoupon?.couponId ?? null,
    couponCode: appliedCoupon?.code ?? null,
    currency: t.currency,
    shippingAddress: { ...address, line2: address.line2 ?? '', country: 'India' },
    email: address.email,
    phone: address.phone,
  } satisfies typeof checkoutAttempts.$inferInsert;
  let rzpOrder;
  try {
    rzpOrder = await deps.razorpay.createOrder({
      amountPaise: t.grandTotal,
      currency: 'INR',
      receipt: attempt.id,
      notes: {
        checkoutAttemptId: attempt.id,
        fromBuyNow: String(input.fromBuyNow),
        discountType: t.discountType,
        ...(appliedCoupon ? { couponCode: appliedCoupon.code } : {}),
      },
    });
  } catch (err) {
    deps.log?.error({ err, checkoutAttemptId: attempt.id }, 'razorpay create order failed');
    await deps.db.insert(checkoutAttempts).values({ ...attempt, status: 'failed', failureReason: 'razorpay order not created' });
    throw badGateway('Failed to create payment order. Please try again.');
  }
  await insertAttempt(deps.db).execute({ ...attempt, razorpayOrderId: rzpOrder.id });
  return {
    key: deps.keyId,
    order: { id: rzpOrder.id, amount: rzpOrder.amount, currency: 'INR' },
    pricing: { ...toPricing(priced), ...(coupon ? { coupon: couponResult(coupon) } : {}) },
    checkoutAttemptId: attempt.id,
  };
}

/** Why a paid attempt cannot become an order: what is recorded and what the shopper reads first. */
const UNFILLABLE = {
  stock: { failureReason: 'out of stock after payment', lead: 'Sorry, some items sold out while you were paying.' },
  couponLimit: { failureReason: 'coupon usage limit reached after payment', lead: `${COUPON_MESSAGES.usageLimit}.` },
  couponShopper: { failureReason: 'coupon already used by the shopper after payment', lead: `${COUPON_MESSAGES.alreadyUsed}.` },
  couponFirstOrder: { failureReason: 'coupon first order only after payment', lead: `${COUPON_MESSAGES.firstOrderOnly}.` },
} as const;
type UnfillableReason = keyof typeof UNFILLABLE;

/** Thrown inside the order's transaction to roll it back and refund. */
class Unfillable extends Error {
  constructor(readonly reason: UnfillableReason) {
    super(reason);
  }
}

/** The reason recorded on an attempt, back to its key (older attempts: out of stock). */
const reasonOf = (failureReason: string | null): UnfillableReason =>
  (Object.keys(UNFILLABLE) as UnfillableReason[]).find((k) => UNFILLABLE[k].failureReason === failureReason) ?? 'stock';

/**
 * POST /api/payments/razorpay/verify-and-create-order: 400 when the signature does not match the
 * order id this server created; otherwise completes the attempt (idempotent) and returns its order.
 */
export async function verifyAndCreateOrder(
  deps: PaymentDeps,
  input: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
): Promise<{ message: string; order: Order }> {
  // The signature binds the payment to the order id sent; the attempt is then found by that same
  // id (under its row lock, in completeAttempt), which is what checking against the stored id did,
  // one query sooner. An unknown order id answers the same 400.
  const ok = verifyPaymentSignature(
    { orderId: input.razorpay_order_id, paymentId: input.razorpay_payment_id, signature: input.razorpay_signature },
    deps.keySecret,
  );
  if (!ok) throw badRequest(VERIFY_FAILED);
  const order = await completeAttempt(deps, { razorpayOrderId: input.razorpay_order_id }, input.razorpay_payment_id);
  return { message: 'Payment successful! Order placed.', order };
}

/**
 * Turns a paid checkout attempt (by id, or by its Razorpay order id) into its order, exactly once.
 * Used by verify and by webhooks. Throws 400 for an unknown attempt, 409 (after refunding) when
 * the stock is gone.
 */
export async function completeAttempt(deps: PaymentDeps, which: string | { razorpayOrderId: string }, paymentId: string): Promise<Order> {
  let attemptId: string | undefined = typeof which === 'string' ? which : undefined;
  // `placed` is set when this call placed the order; otherwise the order existed already.
  let outcome: { orderId: string; placed?: Order; mail?: StagedMail };
  try {
    outcome = await deps.db.transaction(async (tx) => {
      const [attempt] = await tx
        .select()
        .from(checkoutAttempts)
        .where(typeof which === 'string' ? eq(checkoutAttempts.id, which) : eq(checkoutAttempts.razorpayOrderId, which.razorpayOrderId))
        .for('update');
      if (!attempt) throw badRequest(VERIFY_FAILED);
      attemptId = attempt.id;
      if (attempt.orderId) return { orderId: attempt.orderId };
      if (attempt.status === 'refunded' || attempt.status === 'failed') throw new Unfillable(reasonOf(attempt.failureReason));
      // One statement takes the stock of every line and writes the order with its items, its first
      // timeline entry, the completed attempt, the emptied cart lines and the mail (issue 8: each
      // statement is a round trip to the database). They are all built here, so the answer needs
      // no read-back. A line whose variant is inactive or short is not taken; the transaction then
      // rolls back, writes included.
      const now = new Date();
      const order = {
        id: randomUUID(),
        userId: attempt.userId,
        checkoutAttemptId: attempt.id,
        status: 'placed',
        email: attempt.email,
        phone: attempt.phone,
        shippingAddress: attempt.shippingAddress,
        itemCount: attempt.itemCount,
        subTotalPaise: attempt.subTotalPaise,
        discountType: attempt.discountType,
        discountPaise: attempt.discountPaise,
        shippingPaise: 0,
        codFeePaise: 0,
        taxPaise: 0,
        grandTotalPaise: attempt.grandTotalPaise,
        couponId: attempt.couponId,
        couponCode: attempt.couponCode,
        paymentMethod: 'razorpay' as const,
        paymentStatus: 'captured' as const,
        razorpayOrderId: attempt.razorpayOrderId!,
        razorpayPaymentId: paymentId,
        paymentCollectedAt: null,
        invoiceNumber: null,
        restocked: false,
        createdAt: now,
        updatedAt: now,
      } satisfies typeof orders.$inferSelect;
      const items = attempt.items.map(
        (line, position) =>
          ({
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
            hsn: '',
            discountPaise: 0,
            taxablePaise: 0,
            taxRateBp: 0,
            cgstPaise: 0,
            sgstPaise: 0,
            igstPaise: 0,
          }) satisfies typeof orderItems.$inferSelect,
      );
      const event = {
        id: randomUUID(),
        orderId: order.id,
        status: 'placed',
        note: 'Payment received',
        at: now,
      } satisfies typeof orderEvents.$inferSelect;
      const placed = shapeOrder(order, items, [event]);
      const mail = deps.orderMail?.queue.stage(deps.orderMail.compose(placed));
      // With more than one line, the `locked` step locks the variants in id order, as the admin's
      // product save does, before the update can touch any (it only updates rows `locked` has
      // yielded): two checkouts sharing variants never wait on each other in a cycle, whatever plan
      // the update gets. One line takes one lock, which cannot close a cycle, so it skips the step
      // (a row lock is a write of its own).
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
        .returning({ id: variants.id });
      const writes = [
        tx.insert(orders).values(order),
        tx.insert(orderItems).values(items),
        tx.insert(orderEvents).values(event),
        tx
          .update(checkoutAttempts)
          .set({ status: 'completed', orderId: order.id, razorpayPaymentId: paymentId, updatedAt: now })
          .where(eq(checkoutAttempts.id, attempt.id)),
        // A cart checkout empties the bought lines from the cart; Buy Now leaves the cart alone.
        ...(attempt.fromBuyNow
          ? []
          : [
              tx.delete(cartItems).where(
                and(
                  eq(cartItems.userId, attempt.userId),
                  inArray(
                    cartItems.variantId,
                    attempt.items.map((l) => l.variantId),
                  ),
                ),
              ),
            ]),
        ...(mail ? [tx.insert(mailOutbox).values(mail)] : []),
      ];
      // A coupon's use is counted here too (DESIGN.md): the coupon's `used` rises only while uses
      // are left (and, for a first-order coupon, only while the shopper has no order), the shopper's
      // own count only while under their limit; a row lock makes concurrent checkouts take turns and
      // re-check. Stock is taken first in every checkout, so the locks come in one order.
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
      const { rows } = await tx.execute<{ taken: number; coupon_taken: number; shopper_use: number; first_order_gone: boolean | null }>(
        sql`with ${lockFirst ? sql`locked as (${locked}), ` : sql``}taken as (${stock.getSQL()}), ${
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
      return { orderId: order.id, placed, mail };
    });
  } catch (err) {
    if (err instanceof Unfillable) throw await refundUnfillable(deps, attemptId!, paymentId, err.reason);
    throw err;
  }
  const { orderId, placed, mail } = outcome;
  if (placed) {
    if (mail) {
      deps.orderMail?.queue.deliver(mail).catch((err: unknown) => deps.log?.error({ err, mailId: mail.id }, 'order mail not delivered'));
    }
    return placed;
  }
  // Completed earlier (the same payment verified twice, or the webhook came first).
  const order = await findOrder(deps.db, orderId);
  if (!order) throw new AppError(500, 'Order vanished');
  const { userId: _u, ...shaped } = order;
  return shaped;
}

/**
 * Refunds a paid attempt that cannot be filled (units gone, or its coupon no longer usable), once
 * (the conditional status update elects one caller), records the refund, and returns the 409 the
 * shopper sees.
 */
async function refundUnfillable(deps: PaymentDeps, attemptId: string, paymentId: string, reason: UnfillableReason): Promise<AppError> {
  const { failureReason, lead } = UNFILLABLE[reason];
  const [claimed] = await deps.db
    .update(checkoutAttempts)
    .set({ status: 'failed', failureReason, razorpayPaymentId: paymentId, updatedAt: new Date() })
    .where(and(eq(checkoutAttempts.id, attemptId), eq(checkoutAttempts.status, 'created')))
    .returning();
  const [attempt] = claimed ? [claimed] : await deps.db.select().from(checkoutAttempts).where(eq(checkoutAttempts.id, attemptId));
  const amount = attempt ? formatINR(toRupees(attempt.grandTotalPaise)) : 'your payment';
  const message = `${lead} Your payment of ${amount} has been refunded.`;
  if (claimed) {
    try {
      const refund = await deps.razorpay.refundPayment(paymentId, {
        amountPaise: claimed.grandTotalPaise,
        notes: { checkoutAttemptId: claimed.id, reason: failureReason },
      });
      await deps.db.transaction(async (tx) => {
        await tx
          .insert(refunds)
          .values({
            checkoutAttemptId: claimed.id,
            razorpayPaymentId: paymentId,
            razorpayRefundId: refund.id,
            amountPaise: claimed.grandTotalPaise,
            reason: failureReason,
          })
          .onConflictDoNothing();
        await tx.update(checkoutAttempts).set({ status: 'refunded', updatedAt: new Date() }).where(eq(checkoutAttempts.id, claimed.id));
      });
    } catch (err) {
      // Left as 'failed': a reconciliation run retries the refund.
      deps.log?.error({ err, checkoutAttemptId: claimed.id }, 'refund failed');
    }
  }
  return conflict(message);
}

/**
 * Completes paid checkout attempts that neither the browser nor a webhook completed (a crash, a
 * lost webhook): asks Razorpay for each open attempt's payments and completes the attempt for a
 * captured one, exactly as verify would (issue 9). Attempts younger than `minAgeMs` are left to the
 * browser. Returns how many attempts became orders.
 */
export async function reconcileOpenAttempts(
  deps: PaymentDeps,
  opts: { minAgeMs?: number; maxAgeMs?: number; limit?: number; now?: Date } = {},
): Promise<{ checked: number; completed: number }> {
  const now = (opts.now ?? new Date()).getTime();
  const open = await deps.db
    .select({ id: checkoutAttempts.id, razorpayOrderId: checkoutAttempts.razorpayOrderId })
    .from(checkoutAttempts)
    .where(
      and(
        eq(checkoutAttempts.status, 'created'),
        isNotNull(checkoutAttempts.razorpayOrderId),
        lte(checkoutAttempts.createdAt, new Date(now - (opts.minAgeMs ?? 60_000))),
        gte(checkoutAttempts.createdAt, new Date(now - (opts.maxAgeMs ?? 7 * 24 * 3600_000))),
      ),
    )
    .orderBy(asc(checkoutAttempts.createdAt))
    .limit(opts.limit ?? 200);
  let completed = 0;
  for (const attempt of open) {
    try {
      const payments = await deps.razorpay.fetchOrderPayments(attempt.razorpayOrderId!);
      const captured = payments.find((p) => p.status === 'captured');
      if (!captured) continue;
      await completeAttempt(deps, attempt.id, captured.id);
      completed++;
    } catch (err) {
      if (!(err instanceof AppError && err.statusCode === 409)) {
        deps.log?.warn({ err, checkoutAttemptId: attempt.id }, 'reconciliation of a checkout attempt failed');
      }
    }
  }
  return { checked: open.length, completed };
}
