import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser, shippingAddress } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { checkoutAttempts, orderItems, orders, variants } from '../../db/schema';
import { signWebhook } from '../../integrations/razorpay/signature';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A Razorpay-shaped webhook for a captured payment, signed with the test webhook secret. */
function capturedEvent(
  event: 'payment.captured' | 'order.paid',
  orderId: string,
  paymentId: string,
  opts: { eventId?: string; secret?: string } = {},
) {
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_test',
    event,
    contains: event === 'order.paid' ? ['payment', 'order'] : ['payment'],
    payload: {
      payment: { entity: { id: paymentId, entity: 'payment', order_id: orderId, status: 'captured' } },
      ...(event === 'order.paid' ? { order: { entity: { id: orderId, entity: 'order', status: 'paid' } } } : {}),
    },
    created_at: Math.floor(Date.now() / 1000),
  });
  return {
    method: 'POST' as const,
    url: '/api/payments/razorpay/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signWebhook(body, opts.secret ?? 'whsec_test'),
      'x-razorpay-event-id': opts.eventId ?? `evt_${randomUUID().slice(0, 14)}`,
    },
    payload: body,
  };
}

async function paidAttempt(stock = 5) {
  const shopper = await createUser(t.app, t.db);
  const { product, bySize } = await createProduct(t.db, { variants: [{ size: 'M', pricePaise: 120_000, stockQty: stock }] });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/create-order',
    headers: shopper.headers,
    payload: { items: [{ productId: product.id, variantId: bySize.M.id, quantity: 1 }], fromBuyNow: true, shippingAddress },
  });
  const paid = await t.sandbox.pay(created.json().order.id);
  return { shopper, variantId: bySize.M.id, paid };
}

const ordersOf = (userId: string) => t.db.select().from(orders).where(eq(orders.userId, userId));
const stockOf = async (variantId: string) =>
  (await t.db.select({ s: variants.stockQty }).from(variants).where(eq(variants.id, variantId)))[0].s;

describe('Razorpay webhook', () => {
  it('completes a paid attempt whose shopper never came back, once, whatever the order of events', async () => {
    const { shopper, variantId, paid } = await paidAttempt();
    const first = capturedEvent('payment.captured', paid.razorpay_order_id, paid.razorpay_payment_id, { eventId: 'evt_same' });
    expect((await t.app.inject(first)).statusCode).toBe(200);
    expect((await t.app.inject(first)).json()).toEqual({ status: 'duplicate' });
    expect((await t.app.inject(capturedEvent('order.paid', paid.razorpay_order_id, paid.razorpay_payment_id))).statusCode).toBe(200);
    const placed = await ordersOf(shopper.user.id);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ status: 'placed', razorpayPaymentId: paid.razorpay_payment_id, grandTotalPaise: 114_000 });
    expect(await stockOf(variantId)).toBe(4);
    // The browser's verify arriving late returns the same order.
    const late = await t.app.inject({ method: 'POST', url: '/api/payments/razorpay/verify-and-create-order', payload: paid });
    expect(late.json().order._id).toBe(placed[0].id);
    expect(await stockOf(variantId)).toBe(4);
  });

  it('ignores an event with a bad signature', async () => {
    const { shopper, paid } = await paidAttempt();
    const forged = capturedEvent('payment.captured', paid.razorpay_order_id, paid.razorpay_payment_id, { secret: 'not-the-secret' });
    const res = await t.app.inject(forged);
    expect(res.statusCode).toBe(400);
    expect(await ordersOf(shopper.user.id)).toEqual([]);
  });

  it('leaves nothing half-written when the order transaction fails, and the webhook completes it later', async () => {
    const { shopper, variantId, paid } = await paidAttempt();
    // Simulate a crash inside the transaction: order items cannot be written for now.
    await t.db.execute(
      sql`create or replace function fail_items() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`,
    );
    await t.db.execute(sql`create trigger fail_items before insert on order_items for each row execute function fail_items()`);
    const itemsBefore = (await t.db.select().from(orderItems)).length;
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/razorpay/verify-and-create-order', payload: paid });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong. Please try again.' });
    expect(await ordersOf(shopper.user.id)).toEqual([]);
    expect(await t.db.select().from(orderItems)).toHaveLength(itemsBefore);
    expect(await stockOf(variantId)).toBe(5);
    const [attempt] = await t.db.select().from(checkoutAttempts).where(eq(checkoutAttempts.razorpayOrderId, paid.razorpay_order_id));
    expect(attempt.status).toBe('created');

    await t.db.execute(sql`drop trigger fail_items on order_items`);
    expect((await t.app.inject(capturedEvent('payment.captured', paid.razorpay_order_id, paid.razorpay_payment_id))).statusCode).toBe(200);
    expect(await ordersOf(shopper.user.id)).toHaveLength(1);
    expect(await stockOf(variantId)).toBe(4);
  });

  it('refunds a webhook-completed payment whose stock is gone', async () => {
    const { shopper, variantId, paid } = await paidAttempt(1);
    await t.db.update(variants).set({ stockQty: 0 }).where(eq(variants.id, variantId));
    expect((await t.app.inject(capturedEvent('payment.captured', paid.razorpay_order_id, paid.razorpay_payment_id))).statusCode).toBe(200);
    expect(await ordersOf(shopper.user.id)).toEqual([]);
    expect(t.sandbox.state.payments.get(paid.razorpay_payment_id)?.status).toBe('refunded');
  });
});

describe('reconciliation', () => {
  it('completes a paid attempt that neither the browser nor a webhook completed, once', async () => {
    const { reconcileOpenAttempts } = await import('./service');
    const { shopper, variantId, paid } = await paidAttempt();
    const other = await paidAttempt(); // a second forgotten payment
    const later = new Date(Date.now() + 5 * 60_000);
    // Too young: left to the browser.
    expect((await reconcileOpenAttempts(t.app.paymentDeps, { now: new Date() })).completed).toBe(0);
    const run = await reconcileOpenAttempts(t.app.paymentDeps, { now: later });
    expect(run.completed).toBeGreaterThanOrEqual(2);
    expect(await ordersOf(shopper.user.id)).toHaveLength(1);
    expect(await ordersOf(other.shopper.user.id)).toHaveLength(1);
    expect(await stockOf(variantId)).toBe(4);
    // Running again changes nothing.
    const again = await reconcileOpenAttempts(t.app.paymentDeps, { now: later });
    expect(again.completed).toBe(0);
    expect(await ordersOf(shopper.user.id)).toHaveLength(1);
    // The browser's late verify returns the same order.
    const late = await t.app.inject({ method: 'POST', url: '/api/payments/razorpay/verify-and-create-order', payload: paid });
    expect(late.json().order._id).toBe((await ordersOf(shopper.user.id))[0].id);
  });

  it('leaves attempts without a captured payment open', async () => {
    const { reconcileOpenAttempts } = await import('./service');
    const shopper = await createUser(t.app, t.db);
    const { product, bySize } = await createProduct(t.db);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/create-order',
      headers: shopper.headers,
      payload: { items: [{ productId: product.id, variantId: bySize.M.id, quantity: 1 }], shippingAddress },
    });
    await reconcileOpenAttempts(t.app.paymentDeps, { now: new Date(Date.now() + 5 * 60_000) });
    const [attempt] = await t.db.select().from(checkoutAttempts).where(eq(checkoutAttempts.id, created.json().checkoutAttemptId));
    expect(attempt.status).toBe('created');
    expect(await ordersOf(shopper.user.id)).toEqual([]);
  });
});
