/**
 * Cash on Delivery (issue 20 "Cash on delivery"): POST /api/payments/cod/create-order takes the same
 * body as the Razorpay create-order and places the order at once through the one placement path
 * (orders/place-order.ts), so stock, coupon use, GST, invoice number and mail follow the same rules
 * as a paid order; the payment is `{ method: 'cod', status: 'pending' }` until delivery.
 *
 * Rules, all from the shop settings (defaults in core/schemas/settings.ts):
 * - COD must be enabled, the pincode not on the owner's COD block list, and the order total (goods
 *   after discount plus the COD fee) at most the limit: 'Cash on Delivery is available for orders up to ₹5,000'.
 * - At most `maxOpenOrders` undelivered COD orders per shopper, and none for a shopper two of whose
 *   earlier COD orders came back undelivered (status 'returned' with no 'delivered' in the timeline).
 * - Idempotent: the client's `Idempotency-Key` header, or without it the same cart (lines, address,
 *   coupon) submitted again within a minute, answers with the order the first call placed. A
 *   shopper's COD placements take turns on their user row, so these checks and the limits hold under
 *   concurrent submissions.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Order } from '../../../core/api-types';
import { COUPON_MESSAGES } from '../../../core/coupons';
import { formatINR, toPaise } from '../../../core/money';
import { IN_TRANSIT_STATUSES, PRE_SHIPMENT_STATUSES } from '../../../core/order-status';
import type { Tx } from '../../db/client';
import { checkoutAttempts, orderEvents, orders, users } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../errors';
import type { StagedMail } from '../../integrations/mail/outbox';
import { afterPlacement, placeOrder, Unfillable, type UnfillableReason } from '../orders/place-order';
import { findOrder } from '../orders/service';
import { placementContext, prepareAttempt, type CheckoutInput, type PaymentDeps } from './service';

/** Statuses of an order that has not reached the shopper yet (counted against the open COD limit). */
const UNDELIVERED = [...PRE_SHIPMENT_STATUSES, ...IN_TRANSIT_STATUSES];
/** Earlier COD orders returned undelivered that make COD unavailable to a shopper. */
const MAX_RETURNED_UNDELIVERED = 2;
/** How long the same cart submitted again is taken as the same order (without an Idempotency-Key). */
const SAME_CART_WINDOW_MS = 60_000;

export const COD_MESSAGES = {
  disabled: 'Cash on Delivery is not available right now. Please pay online.',
  pincode: (pincode: string) => `Cash on Delivery is not available for pincode ${pincode}. Please pay online.`,
  limit: (maxRupees: number) => `Cash on Delivery is available for orders up to ${formatINR(maxRupees)}`,
  open: (max: number) =>
    `You already have ${max} Cash on Delivery ${max === 1 ? 'order' : 'orders'} on the way. Please pay online, or wait for ${max === 1 ? 'it' : 'them'} to arrive.`,
  returned: 'Cash on Delivery is not available on your account because earlier orders were returned undelivered. Please pay online.',
  key: 'Idempotency-Key must be 1 to 200 visible characters',
} as const;

/** Why a COD order could not be placed in its transaction: the shopper's 409. */
const UNFILLABLE_COD: Record<UnfillableReason, string> = {
  stock: 'Sorry, some items just sold out. Please review your cart.',
  couponLimit: COUPON_MESSAGES.usageLimit,
  couponShopper: COUPON_MESSAGES.alreadyUsed,
  couponFirstOrder: COUPON_MESSAGES.firstOrderOnly,
};

/** The attempt keys that name the same order: the client's key, or the cart's fingerprint per minute. */
function idempotencyKeys(userId: string, input: CheckoutInput, clientKey: string | undefined, now: number): string[] {
  if (clientKey !== undefined) {
    if (!/^[\x21-\x7e]{1,200}$/.test(clientKey)) throw badRequest(COD_MESSAGES.key);
    return [`key:${clientKey}`];
  }
  const lines = input.items.map((i) => `${i.productId}/${i.variantId ?? ''}x${i.quantity}`).sort();
  const hash = createHash('sha256')
    .update(JSON.stringify([userId, lines, input.shippingAddress ?? null, input.couponCode ?? null, input.fromBuyNow]))
    .digest('base64url');
  const minute = Math.floor(now / SAME_CART_WINDOW_MS);
  // The current minute's key first: it is the one a new attempt is written with.
  return [`cart:${hash}:${minute}`, `cart:${hash}:${minute - 1}`];
}

/** The query of the order an earlier call with one of these keys placed (within the window for cart keys). */
function earlierOrder(db: Tx, userId: string, keys: string[], now: number) {
  return db
    .select({ orderId: checkoutAttempts.orderId })
    .from(checkoutAttempts)
    .where(
      and(
        eq(checkoutAttempts.userId, userId),
        inArray(checkoutAttempts.idempotencyKey, keys),
        eq(checkoutAttempts.status, 'completed'),
        keys[0].startsWith('cart:') ? gte(checkoutAttempts.createdAt, new Date(now - SAME_CART_WINDOW_MS)) : undefined,
      ),
    )
    .orderBy(desc(checkoutAttempts.createdAt))
    .limit(1);
}

/** The order an earlier call with one of these keys placed (within the window for cart keys), or null. */
async function placedEarlier(db: Tx, userId: string, keys: string[], now: number): Promise<string | null> {
  const [row] = await earlierOrder(db, userId, keys, now);
  return row?.orderId ?? null;
}

/**
 * In one query: the order an earlier call with these keys placed (`twin`, or null), the shopper's
 * undelivered COD orders and their COD orders returned without delivery.
 */
async function codHistory(
  tx: Tx,
  userId: string,
  keys: string[],
  now: number,
): Promise<{ twin: string | null; open: number; returnedUndelivered: number }> {
  const [row] = await tx
    .select({
      twin: sql<string | null>`(${earlierOrder(tx, userId, keys, now)})`,
      open: sql<number>`(count(*) filter (where ${inArray(orders.status, UNDELIVERED)}))::int`,
      // Qualified by hand: drizzle leaves a select list's columns unqualified, which inside this
      // subquery would name order_events' own columns.
      returnedUndelivered: sql<number>`(count(*) filter (where ${orders.status} = 'returned' and not exists (select 1 from ${orderEvents} delivered where delivered.order_id = ${orders}.id and delivered.status = 'delivered')))::int`,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.paymentMethod, 'cod')));
  return row;
}

/** The order as its owner reads it (placed earlier). */
async function orderById(db: Tx, orderId: string): Promise<Order> {
  const order = await findOrder(db, orderId);
  if (!order) throw new AppError(500, 'Order vanished');
  const { userId: _u, ...shaped } = order;
  return shaped;
}

/**
 * POST /api/payments/cod/create-order (see the module docstring). Returns the order and whether it
 * was placed by this call (`replayed` false) or earlier with the same key. Throws 400 for a rule
 * above (and the errors of `prepareAttempt`), 409 when a line sold out or the coupon ran out meanwhile.
 */
export async function placeCodOrder(
  deps: PaymentDeps,
  userId: string,
  input: CheckoutInput,
  clientKey?: string,
): Promise<{ message: string; order: Order; replayed: boolean }> {
  const now = (deps.now?.() ?? new Date()).getTime();
  const keys = idempotencyKeys(userId, input, clientKey, now);
  const replay = async (orderId: string) => ({
    message: 'Order placed! Pay in cash when it arrives.',
    order: await orderById(deps.db, orderId),
    replayed: true,
  });
  const earlier = await placedEarlier(deps.db, userId, keys, now);
  if (earlier) return replay(earlier);

  const { cod } = await deps.settings.get();
  if (!cod.enabled) throw badRequest(COD_MESSAGES.disabled);
  const { attempt } = await prepareAttempt(deps, userId, input, toPaise(cod.fee));
  if (cod.blockedPincodes.includes(attempt.shippingAddress.pincode))
    throw badRequest(COD_MESSAGES.pincode(attempt.shippingAddress.pincode));
  if (attempt.grandTotalPaise > toPaise(cod.maxOrderTotal)) throw badRequest(COD_MESSAGES.limit(cod.maxOrderTotal));
  const placement = await placementContext(deps);

  let outcome: { orderId: string; placed?: Order; mail?: StagedMail };
  try {
    outcome = await deps.db.transaction(async (tx) => {
      // The shopper's COD placements take turns here, so a twin submission sees the first one's order
      // and the open-order limit counts every order placed before this one.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const history = await codHistory(tx, userId, keys, now);
      if (history.twin) return { orderId: history.twin };
      if (history.returnedUndelivered >= MAX_RETURNED_UNDELIVERED) throw badRequest(COD_MESSAGES.returned);
      if (history.open >= cod.maxOpenOrders) throw badRequest(COD_MESSAGES.open(cod.maxOpenOrders));
      const [row] = await tx
        .insert(checkoutAttempts)
        .values({ ...attempt, paymentMethod: 'cod', idempotencyKey: keys[0] })
        .returning();
      const { placed, mail } = await placeOrder(tx, row, { method: 'cod' }, placement);
      return { orderId: placed._id, placed, mail };
    });
  } catch (err) {
    if (err instanceof Unfillable) throw conflict(UNFILLABLE_COD[err.reason]);
    throw err;
  }
  const { orderId, placed, mail } = outcome;
  if (!placed) return replay(orderId);
  const order = await afterPlacement(deps, placed, mail);
  return { message: `Order placed! Pay ${formatINR(order.totals.grandTotal)} in cash when it arrives.`, order, replayed: false };
}
