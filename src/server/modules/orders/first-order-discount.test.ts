/**
 * The automatic first-order discount (FIRST_ORDER_5) is priced before placement and checked again
 * where the order is placed (orders/place-order.ts), with the shopper's placements taking turns on
 * their user row: checkouts priced as first orders at the same time get it once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderRecord, createProduct, createUser, shippingAddress } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { orderRef } from '../../../core/schemas/admin-orders';
import { checkoutAttempts, orders, refunds, variants } from '../../db/schema';
import { placeCodOrder } from '../payments/cod';
import { placementContext, verifyAndCreateOrder, type PaymentDeps } from '../payments/service';
import { placeOrder } from './place-order';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Shopper = Awaited<ReturnType<typeof createUser>>;

async function oneLine(stockQty = 5) {
  const { product, bySize } = await createProduct(t.db, { variants: [{ size: 'M', pricePaise: 100_000, stockQty }] });
  return { productId: product.id, variantId: bySize.M.id, quantity: 1 };
}

const stockOf = async (variantId: string) =>
  (await t.db.select({ q: variants.stockQty }).from(variants).where(eq(variants.id, variantId)))[0].q;
const ordersOf = (userId: string) => t.db.select().from(orders).where(eq(orders.userId, userId));

/** A paid Razorpay checkout of `line`, priced now: the verify body. */
async function paidAttempt(shopper: Shopper, line: object) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/create-order',
    headers: shopper.headers,
    payload: { currency: 'INR', items: [line], fromBuyNow: true, shippingAddress },
  });
  expect(created.json().pricing.summary.discountType).toBe('FIRST_ORDER_5');
  return t.sandbox.pay(created.json().order.id);
}

/**
 * The payment deps with which `calls` COD calls meet after pricing their attempts, just before
 * their placement transactions (`placementContext` reads the GST slabs there), `hook` run when the
 * last one arrives: every call is priced as a first order, whatever the database's scheduling.
 */
function depsMeetingAfterPricing(calls: number, hook?: () => Promise<void>): PaymentDeps {
  const base = t.app.paymentDeps;
  let waiting = 0;
  let release!: () => void;
  const met = new Promise<void>((resolve) => (release = resolve));
  return {
    ...base,
    settings: {
      get: () => base.settings.get(),
      taxSlabs: async () => {
        if (++waiting === calls) {
          await hook?.();
          release();
        }
        await met;
        return base.settings.taxSlabs();
      },
    },
  };
}

describe('the first-order discount, checked where the order is placed', () => {
  it('goes to one of two paid checkouts priced as first orders and placed at once; the other is refunded', async () => {
    const shopper = await createUser(t.app, t.db);
    const [a, b] = [await oneLine(), await oneLine()];
    const payments = [await paidAttempt(shopper, a), await paidAttempt(shopper, b)];
    // The first is placed in a transaction held open while the second is verified: the second
    // must wait for it (on the shopper's row), then find the discount used. Without that wait it
    // would place its order too, its statement not seeing the first's uncommitted one.
    let placedFirst!: () => void;
    let commitFirst!: () => void;
    const firstPlaced = new Promise<void>((resolve) => (placedFirst = resolve));
    const firstCommits = new Promise<void>((resolve) => (commitFirst = resolve));
    const placement = await placementContext(t.app.paymentDeps);
    const first = t.db.transaction(async (tx) => {
      const [attempt] = await tx
        .select()
        .from(checkoutAttempts)
        .where(eq(checkoutAttempts.razorpayOrderId, payments[0].razorpay_order_id))
        .for('update');
      const { placed } = await placeOrder(
        tx,
        attempt,
        { method: 'razorpay', razorpayPaymentId: payments[0].razorpay_payment_id },
        placement,
      );
      placedFirst();
      await firstCommits;
      return placed;
    });
    await firstPlaced;
    const second = verifyAndCreateOrder(t.app.paymentDeps, payments[1]).catch((err: unknown) => err);
    await new Promise((resolve) => setTimeout(resolve, 500));
    commitFirst();
    const [won, refused] = await Promise.all([first, second]);
    expect(won.discountType).toBe('FIRST_ORDER_5');
    // (Refunded at once, or asked of Razorpay and still being refunded.)
    expect(refused).toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(
        /^Your first-order discount was already used on another order\. Your payment of ₹950 (has been|is being) refunded\.$/,
      ),
    });
    const placed = await ordersOf(shopper.user.id);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ discountType: 'FIRST_ORDER_5', discountPaise: 5_000 });
    // The loser's unit stays on the shelf and its payment is refunded in full.
    expect((await stockOf(a.variantId)) + (await stockOf(b.variantId))).toBe(9);
    const lostPayment = payments[1].razorpay_payment_id;
    expect(await t.db.select().from(refunds).where(eq(refunds.razorpayPaymentId, lostPayment))).toMatchObject([{ amountPaise: 95_000 }]);
    const [failed] = await t.db.select().from(checkoutAttempts).where(eq(checkoutAttempts.razorpayPaymentId, lostPayment));
    expect(failed.failureReason).toBe('first-order discount already used after payment');
  });

  it('goes to one of two Cash on Delivery checkouts priced as first orders and placed at once', async () => {
    const shopper = await createUser(t.app, t.db);
    const lines = [await oneLine(), await oneLine()];
    const deps = depsMeetingAfterPricing(2);
    const results = await Promise.allSettled(
      lines.map((line, i) => placeCodOrder(deps, shopper.user.id, { items: [line], fromBuyNow: true, shippingAddress }, `first-${i}`)),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected');
    expect([won.length, lost.length]).toEqual([1, 1]);
    expect(won[0].value.order.discountType).toBe('FIRST_ORDER_5');
    const placed = await ordersOf(shopper.user.id);
    expect(placed).toHaveLength(1);
    expect(lost[0].reason).toMatchObject({
      statusCode: 409,
      message: `Your first-order discount was already used on order #${orderRef(placed[0].id)}. Please review your cart.`,
    });
    // Nothing of the refused order is written: its unit is on the shelf, no attempt recorded.
    expect((await stockOf(lines[0].variantId)) + (await stockOf(lines[1].variantId))).toBe(9);
    expect(await t.db.select().from(checkoutAttempts).where(eq(checkoutAttempts.userId, shopper.user.id))).toHaveLength(1);
  });

  it('refuses a Cash on Delivery order priced as a first order when an order was placed meanwhile, and writes nothing', async () => {
    const shopper = await createUser(t.app, t.db);
    const line = await oneLine();
    let earlier = '';
    const deps = depsMeetingAfterPricing(1, async () => {
      earlier = (await createOrderRecord(t.db, { userId: shopper.user.id })).id;
    });
    const refused = await placeCodOrder(deps, shopper.user.id, { items: [line], fromBuyNow: true, shippingAddress }, 'late-first').catch(
      (err: unknown) => err,
    );
    expect(refused).toMatchObject({
      statusCode: 409,
      message: `Your first-order discount was already used on order #${orderRef(earlier)}. Please review your cart.`,
    });
    expect(await stockOf(line.variantId)).toBe(5);
    expect((await ordersOf(shopper.user.id)).map((o) => o.id)).toEqual([earlier]);
    expect(await t.db.select().from(checkoutAttempts).where(eq(checkoutAttempts.idempotencyKey, 'key:late-first'))).toEqual([]);
    // Priced again, the cart has no first-order discount and the order goes through.
    const again = await placeCodOrder(
      t.app.paymentDeps,
      shopper.user.id,
      { items: [line], fromBuyNow: true, shippingAddress },
      'late-first',
    );
    expect(again.order.discountType).toBe('NONE');
  });
});
