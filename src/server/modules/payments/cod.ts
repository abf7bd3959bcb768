/**
 * Cash on Delivery (docs/decisions/0012-order-placement-and-cash-on-delivery.md): POST /api/payments/cod/create-order takes the same
 * body as the Razorpay create-order and places the order at once through the one placement path
 * (orders/place-order.ts), so stock, coupon use, GST, invoice number and mail follow the same rules
 * as a paid order; the payment is `{ method: 'cod', status: 'pending' }` until delivery.
 *
 * Rules, all from the shop settings (defaults in core/schemas/settings.ts):
 * - COD must be enabled, the pincode not on the owner's COD block list, and the order total (goods
 *   after discount plus the COD fee) at most the limit (core/cod-eligibility.ts, which the checkout page shares).
 * - At most `maxOpenOrders` undelivered COD orders per shopper, and none for a shopper two of whose
 *   earlier COD orders came back undelivered (status 'returned' with no 'delivered' in the timeline).
 * - Idempotent: the client's `Idempotency-Key` header, or without it the same cart (lines, address,
 *   coupon) submitted again within a minute, answers with the order the first call placed: the
 *   placement's guard finds it, or, when the rules refuse the call now (the first order took the last
 *   unit or the coupon), a look-up before the refusal. A shopper's COD placements take turns on their
 *   user row, so these checks and the limits hold under concurrent submissions. A key sent again with
 *   another cart is refused with 422 (as Stripe answers a key reused with another body): the request
 *   is compared with what the first call's attempt stored (`sameCodRequest`), so no column is needed.
 *
 * The order's transaction is two statements, sent together with its BEGIN on PostgreSQL (one round
 * trip, then the COMMIT: db/client.ts `pipelinedTransaction`): the shopper's row lock, then the
 * placement, which writes the attempt with the order and checks the history above (twin, open and
 * returned orders) as its guard, before it writes anything. The history cannot be read by
 * the locking statement itself: a statement that waits for a lock keeps the snapshot it started with,
 * so it would miss the order of the submission it waited for.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Order } from '../../../core/api-types';
import { codConfirmDeadline, needsCodConfirmation } from '../../../core/cod-confirmation';
import { codRefusal } from '../../../core/cod-eligibility';
import { COUPON_MESSAGES, normalizeCouponCode } from '../../../core/coupons';
import { formatINR, toPaise, toRupees } from '../../../core/money';
import { orderRef } from '../../../core/schemas/admin-orders';
import { pipelinedTransaction, type Database, type Tx } from '../../db/client';
import { checkoutAttempts } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../errors';
import type { StagedMail } from '../../integrations/mail/outbox';
import { stageWhatsApp } from '../../integrations/whatsapp/outbox';
import { afterPlacement, lockShopper, placeOrder, Unfillable, type UnfillableReason } from '../orders/place-order';
import { orderConfirmationMail } from '../orders/mail';
import { findOrder } from '../orders/service';
import { codAdvancePaise } from '../../../core/cod-advance';
import { startPartPaidCod, type PartPaidStart } from './cod-advance';
import { codGuard, COD_MESSAGES, placedEarlier, SAME_CART_WINDOW_MS } from './cod-history';

export { COD_MESSAGES, refusedCodOrders } from './cod-history';
import { placementContext, prepareAttempt, storeCreditFor, type CheckoutInput, type PaymentDeps } from './service';

/** Why a COD order could not be placed in its transaction: the shopper's 409. */
const UNFILLABLE_COD: Record<Exclude<UnfillableReason, 'firstOrderDiscount'>, string> = {
  stock: 'Sorry, some items just sold out. Please review your cart.',
  couponLimit: COUPON_MESSAGES.usageLimit,
  couponShopper: COUPON_MESSAGES.alreadyUsed,
  couponFirstOrder: COUPON_MESSAGES.firstOrderOnly,
  storeCredit: 'Your store credit was spent on another order meanwhile. Please review your payment.',
  codRules: 'Cash on Delivery is no longer available for this order. Please pay online.',
};

/**
 * The 409 message for an order its placement refused: for the first-order discount, the order that
 * used it (its reference, as the shopper's orders list shows it).
 */
function unfillableMessage(err: Unfillable): string {
  if (err.reason !== 'firstOrderDiscount') return UNFILLABLE_COD[err.reason];
  const which = err.earlierOrderId ? `order #${orderRef(err.earlierOrderId)}` : 'another order';
  return `Your first-order discount was already used on ${which}. Please review your cart.`;
}

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

/** What a checkout attempt keeps of the request that placed it. */
export type StoredCodRequest = Pick<
  typeof checkoutAttempts.$inferSelect,
  'items' | 'shippingAddress' | 'couponCode' | 'discountType' | 'fromBuyNow'
>;

/**
 * True when `input` asks for the order the attempt `stored` placed, i.e. a retry of the same checkout:
 * - the same lines: each size with the same quantity (a size sent twice counts summed, as pricing
 *   merges it; a line sent without its size is matched to the size the catalogue picked for it);
 * - the same delivery address, when one is sent (without one the saved address is used: not part of
 *   the body);
 * - the same coupon when the order has one (a coupon the automatic discount beat is not kept on the
 *   attempt, so it is not compared);
 * - Buy Now or the cart, as the first call.
 */
export function sameCodRequest(input: CheckoutInput, stored: StoredCodRequest): boolean {
  const picked = new Map(stored.items.map((line) => [line.productId, line.variantId]));
  const asked = new Map<string, number>();
  for (const line of input.items) {
    const size = `${line.productId}/${line.variantId ?? picked.get(line.productId) ?? ''}`;
    asked.set(size, (asked.get(size) ?? 0) + line.quantity);
  }
  const lines = (entries: [string, number][]) => entries.map(([size, quantity]) => `${size}x${quantity}`).sort();
  const sameLines =
    JSON.stringify(lines([...asked])) ===
    JSON.stringify(lines(stored.items.map((line) => [`${line.productId}/${line.variantId}`, line.quantity])));

  let sameAddress = true;
  if (input.shippingAddress) {
    const sent: Record<string, unknown> = { ...input.shippingAddress, line2: input.shippingAddress.line2 ?? '', country: 'India' };
    const kept: Record<string, unknown> = { ...stored.shippingAddress };
    sameAddress = [...new Set([...Object.keys(sent), ...Object.keys(kept)])].every((field) => (sent[field] ?? '') === (kept[field] ?? ''));
  }

  const coupon = input.couponCode ? normalizeCouponCode(input.couponCode) : null;
  const sameCoupon = stored.discountType === 'COUPON' ? stored.couponCode === coupon : true;
  return sameLines && sameAddress && sameCoupon && input.fromBuyNow === stored.fromBuyNow;
}

/** What the attempt with the client's key (`key:…`) of the shopper stored of its request. */
async function storedRequest(db: Database, userId: string, key: string): Promise<StoredCodRequest | undefined> {
  const [row] = await db
    .select({
      items: checkoutAttempts.items,
      shippingAddress: checkoutAttempts.shippingAddress,
      couponCode: checkoutAttempts.couponCode,
      discountType: checkoutAttempts.discountType,
      fromBuyNow: checkoutAttempts.fromBuyNow,
    })
    .from(checkoutAttempts)
    .where(and(eq(checkoutAttempts.userId, userId), eq(checkoutAttempts.idempotencyKey, key)));
  return row;
}

/**
 * How an awaiting order's confirmation is signed (cod-confirmation/links.ts): its mail's Confirm and
 * Cancel page addresses, and the token of a WhatsApp quick reply.
 */
export interface CodConfirmSigning {
  links: (orderId: string) => { confirm: string; cancel: string };
  token: (orderId: string, action: 'confirm' | 'cancel') => string;
}

/** The order as its owner reads it (placed earlier). */
async function orderById(db: Tx, orderId: string): Promise<Order> {
  const order = await findOrder(db, orderId);
  if (!order) throw new AppError(500, 'Order vanished');
  const { userId: _u, ...shaped } = order;
  return shaped;
}

/**
 * The checkout attempt of a COD order and the COD settings it was checked against. Throws 400 when
 * COD is off, refused for the pincode or over the limit (COD_MESSAGES), and the errors of
 * `prepareAttempt` (400, 409 when a line sold out).
 */
async function codAttempt(deps: PaymentDeps, userId: string, input: CheckoutInput) {
  const { cod, codConfirmation, codAdvance } = await deps.settings.get();
  const off = codRefusal(cod);
  if (off) throw badRequest(off);
  const { attempt, pricing } = await prepareAttempt(deps, userId, input, toPaise(cod.fee));
  // The COD limit is on the cash to collect: the total less the store credit spent (docs/architecture.md#store-credit).
  attempt.storeCreditPaise = await storeCreditFor(deps.db, userId, input, attempt.grandTotalPaise, 'cod');
  const refusal = codRefusal(cod, {
    pincode: attempt.shippingAddress.pincode,
    totalPaise: attempt.grandTotalPaise - attempt.storeCreditPaise,
  });
  if (refusal) throw badRequest(refusal);
  // Part-paid COD: the advance due online first, 0 when none (docs/architecture.md#part-paid-cod).
  attempt.codAdvancePaise = codAdvancePaise(codAdvance, attempt);
  return { attempt, pricing, cod, codConfirmation };
}

/**
 * The WhatsApp message of an awaiting order (kind 'cod_confirmation': first name, order reference,
 * total; quick replies Confirm and Cancel whose payloads `cod:<action>:<orderId>:<token>` the
 * button handler checks, cod-confirmation/whatsapp.ts), staged in the placement's transaction. Without
 * a template or the shopper's consent nothing is staged: the mail asks all the same.
 */
async function stageCodConfirmationWhatsApp(tx: Tx, order: Order, userId: string, confirm: CodConfirmSigning): Promise<void> {
  const payload = (action: 'confirm' | 'cancel') => `cod:${action}:${order._id}:${confirm.token(order._id, action)}`;
  await stageWhatsApp(tx, {
    kind: 'cod_confirmation',
    to: order.phone,
    params: [order.shippingAddress.firstName.trim() || 'there', orderRef(order._id), formatINR(order.totals.grandTotal)],
    buttons: [
      { type: 'quick_reply', payload: payload('confirm') },
      { type: 'quick_reply', payload: payload('cancel') },
    ],
    orderId: order._id,
    userId,
  });
}

/**
 * POST /api/payments/cod/create-order (see the module docstring). Returns `{ payment }` when a part-paid
 * COD advance is due (cod-advance.ts: the Razorpay order for the advance; nothing placed yet), else the
 * order and whether it was placed by this call (`replayed` false) or earlier with the same key. Throws 400 for a rule
 * above (and the errors of `prepareAttempt`), 409 when a line sold out, the coupon ran out or the
 * first-order discount was used meanwhile, 422 (COD_MESSAGES.keyReused) when the client's key placed
 * an order for another request.
 */
export async function codCheckout(
  deps: PaymentDeps,
  userId: string,
  input: CheckoutInput,
  clientKey?: string,
  confirm?: CodConfirmSigning,
): Promise<{ message: string; order: Order; replayed: boolean } | { payment: PartPaidStart }> {
  const now = (deps.now?.() ?? new Date()).getTime();
  const keys = idempotencyKeys(userId, input, clientKey, now);
  const replay = async (orderId: string) => {
    // A cart key is the cart's own fingerprint; a client's key may come back with another cart.
    if (clientKey !== undefined) {
      const stored = await storedRequest(deps.db, userId, keys[0]);
      if (stored && !sameCodRequest(input, stored)) throw new AppError(422, COD_MESSAGES.keyReused);
    }
    return { message: 'Order placed! Pay in cash when it arrives.', order: await orderById(deps.db, orderId), replayed: true };
  };
  // A call placed earlier is found by the placement's guard; only a call the rules now refuse (its
  // line sold out, its coupon used, by the first call) looks for it here, before it is refused.
  let prepared: Awaited<ReturnType<typeof codAttempt>>;
  try {
    prepared = await codAttempt(deps, userId, input);
  } catch (err) {
    const earlier = err instanceof AppError ? await placedEarlier(deps.db, userId, keys, now) : null;
    if (earlier) return replay(earlier);
    throw err;
  }
  const { attempt, cod, codConfirmation } = prepared;
  if (attempt.codAdvancePaise > 0) return { payment: await startPartPaidCod(deps, attempt, prepared.pricing, cod) };
  const placement = await placementContext(deps);
  // An order the settings ask to confirm waits until its deadline (docs/architecture.md#cod-confirmation);
  // its mail asks for the confirmation, with the signed Confirm and Cancel links.
  const codConfirmBy = needsCodConfirmation(codConfirmation, attempt.grandTotalPaise)
    ? codConfirmDeadline(new Date(now), codConfirmation.hours)
    : undefined;
  if (codConfirmBy && placement.orderMail) {
    const { queue } = placement.orderMail;
    placement.orderMail = { queue, compose: (order) => orderConfirmationMail(order, confirm?.links(order._id)) };
  }

  let outcome: { orderId: string; placed?: Order; mail?: StagedMail };
  try {
    // The shopper's COD placements take turns on the lock (the transaction's lead); the placement's
    // guard then reads the history after it, so a twin submission sees the first one's order and the
    // open-order limit counts every order placed before this one. The attempt is written with the order.
    outcome = await pipelinedTransaction(deps.db, [lockShopper({ userId })], async (tx) => {
      const result = await placeOrder(
        tx,
        { ...attempt, paymentMethod: 'cod', idempotencyKey: keys[0], razorpayOrderId: null },
        { method: 'cod' },
        placement,
        {
          insertAttempt: true,
          shopperLocked: true,
          codConfirmBy,
          guard: codGuard(userId, { phone: attempt.phone, email: attempt.email }, keys, now, cod),
        },
      );
      if (result.refused) {
        const history = result.refused;
        if (history.twin) return { orderId: history.twin };
        if (history.returned_undelivered >= cod.maxRefused) throw badRequest(COD_MESSAGES.returned(history.returned_undelivered));
        throw badRequest(COD_MESSAGES.open(cod.maxOpenOrders));
      }
      if (codConfirmBy && confirm) await stageCodConfirmationWhatsApp(tx, result.placed, userId, confirm);
      return { orderId: result.placed._id, placed: result.placed, mail: result.mail };
    });
  } catch (err) {
    if (err instanceof Unfillable) throw conflict(unfillableMessage(err));
    throw err;
  }
  const { orderId, placed, mail } = outcome;
  if (!placed) return replay(orderId);
  const order = await afterPlacement(deps, placed, mail);
  const cash = formatINR(toRupees(toPaise(order.totals.grandTotal) - toPaise(order.payment.storeCredit)));
  return { message: `Order placed! Pay ${cash} in cash when it arrives.`, order, replayed: false };
}

/**
 * `codCheckout` for a caller that expects the order placed at once (no advance due): the order and
 * whether it was replayed. Throws 400 when the settings ask for a part-paid advance on this order.
 */
export async function placeCodOrder(
  deps: PaymentDeps,
  userId: string,
  input: CheckoutInput,
  clientKey?: string,
  confirm?: CodConfirmSigning,
): Promise<{ message: string; order: Order; replayed: boolean }> {
  const result = await codCheckout(deps, userId, input, clientKey, confirm);
  if ('payment' in result) throw badRequest('This Cash on Delivery order needs an advance paid online first');
  return result;
}
