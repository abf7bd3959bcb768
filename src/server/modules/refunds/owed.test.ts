import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser, shippingAddress } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { UnsettledRefund } from '../../../core/refunds';
import { checkoutAttempts, creditNotes, orderRefunds, orders, refunds, variants } from '../../db/schema';
import { settleOwedRefunds, SETTLE_AFTER_MS } from './owed';
import { refundDeps } from './routes';

// Money the shop owes is written down before Razorpay is asked, and asked again (same idempotency
// key) until Razorpay answers: the network faults are the sandbox's, at the HTTP edge.
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.app, t.db, { role: 'admin' })).headers;
});
afterAll(() => t.close());

const sandboxRefunds = (paymentId: string) => [...t.sandbox.state.refunds.values()].filter((r) => r.payment_id === paymentId);
const unsettled = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/admin/refunds/unsettled', headers: admin })).json<UnsettledRefund[]>();
const settle = () => settleOwedRefunds(refundDeps(t.app));

/** A paid checkout whose last unit sold while the shopper paid: answers the verify (a 409). */
async function unfillablePayment() {
  const shopper = await createUser(t.app, t.db);
  const { product, bySize } = await createProduct(t.db, { variants: [{ size: 'M', pricePaise: 89_900, stockQty: 1 }] });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/create-order',
    headers: shopper.headers,
    payload: { items: [{ productId: product.id, variantId: bySize.M.id, quantity: 1 }], fromBuyNow: true, shippingAddress },
  });
  expect(created.statusCode, created.body).toBe(200);
  const paid = await t.sandbox.pay(created.json().order.id);
  await t.db.update(variants).set({ stockQty: 0 }).where(eq(variants.id, bySize.M.id));
  const verified = await t.app.inject({ method: 'POST', url: '/api/payments/razorpay/verify-and-create-order', payload: paid });
  return { verified, paymentId: paid.razorpay_payment_id, attemptId: created.json().checkoutAttemptId as string };
}

/** A prepaid order placed through the sandbox. */
async function paidOrder() {
  const shopper = await createUser(t.app, t.db);
  const { product, bySize } = await createProduct(t.db, { variants: [{ size: 'M', pricePaise: 129_900, stockQty: 5 }] });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/create-order',
    headers: shopper.headers,
    payload: { items: [{ productId: product.id, variantId: bySize.M.id, quantity: 1 }], fromBuyNow: true, shippingAddress },
  });
  const paid = await t.sandbox.pay(created.json().order.id);
  const verified = await t.app.inject({ method: 'POST', url: '/api/payments/razorpay/verify-and-create-order', payload: paid });
  expect(verified.statusCode, verified.body).toBe(200);
  return { shopper, order: verified.json().order as { _id: string; totals: { grandTotal: number } }, paymentId: paid.razorpay_payment_id };
}

describe('a paid checkout that cannot be filled', () => {
  it('writes the refund down before asking Razorpay, and asks again until Razorpay answers', async () => {
    t.sandbox.state.refundFaults.push('down');
    const { verified, paymentId, attemptId } = await unfillablePayment();
    expect(verified.statusCode).toBe(409);
    expect(verified.json().message).toMatch(/sold out while you were paying\. Your payment of ₹854\.05 is being refunded\./);
    // Razorpay was down: nothing refunded yet, but the money owed is on record.
    expect(sandboxRefunds(paymentId)).toHaveLength(0);
    const [owed] = await t.db.select().from(refunds).where(eq(refunds.razorpayPaymentId, paymentId));
    expect(owed).toMatchObject({ status: 'pending', amountPaise: 85_405, checkoutAttemptId: attemptId });

    // Too young to look at again; a few minutes on, the job asks again and it is refunded once.
    await settle();
    expect(sandboxRefunds(paymentId)).toHaveLength(0);
    t.clock.advance(SETTLE_AFTER_MS + 60_000);
    const listed = (await unsettled()).find((r) => r._id === owed.id);
    const [{ email }] = await t.db
      .select({ email: checkoutAttempts.email })
      .from(checkoutAttempts)
      .where(eq(checkoutAttempts.id, attemptId));
    expect(listed).toMatchObject({ kind: 'checkout', email, amount: 854.05, status: 'pending' });
    expect(listed!.ageMinutes).toBeGreaterThanOrEqual(5);
    await settle();
    expect(sandboxRefunds(paymentId).map((r) => [r.amount, r.status])).toEqual([[85_405, 'processed']]);
    const [after] = await t.db.select().from(refunds).where(eq(refunds.id, owed.id));
    expect(after.status).toBe('processed');
    const [attempt] = await t.db.select().from(checkoutAttempts).where(eq(checkoutAttempts.id, attemptId));
    expect(attempt.status).toBe('refunded');
    expect((await unsettled()).some((r) => r._id === owed.id)).toBe(false);
  });

  it('an answer lost on the way back is asked for again under the same key: one refund at Razorpay', async () => {
    t.sandbox.state.refundFaults.push('lost');
    const { verified, paymentId } = await unfillablePayment();
    expect(verified.statusCode).toBe(409);
    // Razorpay refunded, but the shop never heard.
    expect(sandboxRefunds(paymentId)).toHaveLength(1);
    const [owed] = await t.db.select().from(refunds).where(eq(refunds.razorpayPaymentId, paymentId));
    expect(owed.status).toBe('pending');
    t.clock.advance(SETTLE_AFTER_MS + 60_000);
    await settle();
    expect(sandboxRefunds(paymentId)).toHaveLength(1);
    const [after] = await t.db.select().from(refunds).where(eq(refunds.id, owed.id));
    expect(after).toMatchObject({ status: 'processed', razorpayRefundId: sandboxRefunds(paymentId)[0].id });
  });

  it('a refund Razorpay refuses is listed with a Retry that asks again under a new key', async () => {
    t.sandbox.state.refundMode = 'fail';
    let paymentId: string;
    try {
      ({ paymentId } = await unfillablePayment());
    } finally {
      t.sandbox.state.refundMode = 'processed';
    }
    const [owed] = await t.db.select().from(refunds).where(eq(refunds.razorpayPaymentId, paymentId));
    expect(owed.status).toBe('failed');
    expect((await unsettled()).find((r) => r._id === owed.id)).toMatchObject({ kind: 'checkout', status: 'failed' });
    const retry = await t.app.inject({ method: 'POST', url: `/api/admin/refunds/checkout/${owed.id}/retry`, headers: admin });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(sandboxRefunds(paymentId).map((r) => r.status)).toEqual(['failed', 'processed']);
    const again = await t.app.inject({ method: 'POST', url: `/api/admin/refunds/checkout/${owed.id}/retry`, headers: admin });
    expect(again.statusCode).toBe(409);
    const shopper = await createUser(t.app, t.db);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/refunds/checkout/${owed.id}/retry`, headers: shopper.headers })).statusCode,
    ).toBe(403);
  });
});

describe('a refund of an order Razorpay never answered', () => {
  it('stays pending, is listed with its age, and the job asks again under the same key', async () => {
    const { order, paymentId } = await paidOrder();
    t.sandbox.state.refundFaults.push('lost');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/admin/${order._id}/refunds`,
      headers: { ...admin, 'idempotency-key': randomUUID() },
      payload: { amount: 300, reason: 'Late delivery' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().refunds).toMatchObject({ state: 'refund_pending' });
    const [row] = await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order._id));
    expect(row).toMatchObject({ status: 'pending', providerRefundId: null });
    t.clock.advance(SETTLE_AFTER_MS + 60_000);
    expect((await unsettled()).find((r) => r._id === row.id)).toMatchObject({ kind: 'order', orderId: order._id, status: 'pending' });
    await settle();
    expect(sandboxRefunds(paymentId)).toHaveLength(1);
    const [after] = await t.db.select().from(orderRefunds).where(eq(orderRefunds.id, row.id));
    expect(after.status).toBe('processed');
  });

  it('one Razorpay accepted but whose webhook never came is looked up, by the job or the Retry', async () => {
    const { order, paymentId } = await paidOrder();
    t.sandbox.state.refundMode = 'pending';
    let refundId: string;
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/orders/admin/${order._id}/refunds`,
        headers: { ...admin, 'idempotency-key': randomUUID() },
        payload: { amount: 200, reason: 'Goodwill' },
      });
      expect(res.statusCode).toBe(201);
      [{ id: refundId }] = await t.db.select({ id: orderRefunds.id }).from(orderRefunds).where(eq(orderRefunds.orderId, order._id));
    } finally {
      t.sandbox.state.refundMode = 'processed';
    }
    const [rzp] = sandboxRefunds(paymentId);
    // Razorpay settles it later; no webhook reaches the shop.
    rzp.status = 'processed';
    const retry = await t.app.inject({ method: 'POST', url: `/api/orders/admin/${order._id}/refunds/${refundId}/retry`, headers: admin });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().refunds.refunds[0]).toMatchObject({ status: 'processed' });
    expect(sandboxRefunds(paymentId)).toHaveLength(1);
  });
});

describe('cancelling before the invoice has its number', () => {
  it('numbers the invoice first, then cancels and refunds with a credit note', async () => {
    const { shopper, order } = await paidOrder();
    // As if the cancel came between the placement's commit and its numbering run (a run after the
    // placement's own, so the numbering holds no answer for this order).
    await t.app.invoiceNumbering.numberDue();
    await t.db.update(orders).set({ invoiceNumber: null, invoiceDue: true }).where(eq(orders.id, order._id));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/cancel`,
      headers: shopper.headers,
      payload: { reason: 'Ordered by mistake' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'refunded' });
    const [numbered] = await t.db.select({ invoiceNumber: orders.invoiceNumber }).from(orders).where(eq(orders.id, order._id));
    expect(numbered.invoiceNumber).toMatch(/^RM\/\d{4}-\d{2}\/\d{5}$/);
    const notes = await t.db.select().from(creditNotes).where(eq(creditNotes.orderId, order._id));
    expect(notes.map((n) => n.totalPaise)).toEqual([Math.round(order.totals.grandTotal * 100)]);
  });
});
