/**
 * Part-paid Cash on Delivery (docs/architecture.md#part-paid-cod) through the real checkout and the
 * Razorpay stand-in: the advance asked first, the order placed by verify or the webhook (once, also when
 * both come at once: a race on PostgreSQL), the cash part the courier collects, the advance refunded
 * once on cancellation and first on a return's refund.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDocumentProxy, extractText } from 'unpdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProduct, createUser, shippingAddress } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { DEFAULT_COD_CONFIRMATION, type ShopSettingsData } from '../../../core/schemas/settings';
import { SYSTEM_ACTOR } from '../audit/record';
import { checkoutAttempts, creditNotes, mailOutbox, orderRefunds, orders, variants } from '../../db/schema';
import { demoShopSettings } from '../../db/seed/demo-catalog';
import { getAdminOrder } from '../orders/admin-service';
import { adhocOrderFor } from '../shipments/shiprocket';
import { collectLine } from '../shipments/documents';
import { signWebhook } from '../../integrations/razorpay/signature';
import { reconcileOpenAttempts } from './service';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.app, t.db, { role: 'admin' })).headers;
});
afterAll(() => t.close());

type Shopper = Awaited<ReturnType<typeof createUser>>;

/** The demo shop with a COD advance (and other settings) changed. */
async function shopWith(over: Partial<ShopSettingsData> = {}) {
  await t.app.settings.save(
    { ...demoShopSettings, codAdvance: { kind: 'fixed', value: 200, above: 0 }, ...over } as ShopSettingsData,
    SYSTEM_ACTOR,
  );
}
beforeEach(() => shopWith());

async function line(pricePaise = 149_900, stockQty = 5) {
  const { product, bySize } = await createProduct(t.db, { variants: [{ size: 'M', pricePaise, stockQty }] });
  return { productId: product.id, variantId: bySize.M.id, quantity: 1 };
}

const codCreate = (shopper: Shopper, items: object[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/cod/create-order',
    headers: { ...shopper.headers, 'idempotency-key': randomUUID() },
    payload: { items, fromBuyNow: true, shippingAddress },
  });
const verify = (paid: object) => t.app.inject({ method: 'POST', url: '/api/payments/razorpay/verify-and-create-order', payload: paid });

function webhook(orderId: string, paymentId: string) {
  const body = JSON.stringify({
    entity: 'event',
    event: 'payment.captured',
    contains: ['payment'],
    payload: { payment: { entity: { id: paymentId, entity: 'payment', order_id: orderId, status: 'captured' } } },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signWebhook(body, 'whsec_test'),
      'x-razorpay-event-id': `evt_${randomUUID().slice(0, 14)}`,
    },
    payload: body,
  });
}

const ordersOf = (userId: string) => t.db.select().from(orders).where(eq(orders.userId, userId));
const stockOf = async (variantId: string) =>
  (await t.db.select({ s: variants.stockQty }).from(variants).where(eq(variants.id, variantId)))[0].s;
const sandboxRefunds = (paymentId: string) => [...t.sandbox.state.refunds.values()].filter((r) => r.payment_id === paymentId);

/** A part-paid COD order: created, its advance paid in the stand-in and verified. */
async function partPaidOrder(pricePaise = 149_900) {
  const shopper = await createUser(t.app, t.db);
  const item = await line(pricePaise);
  const created = await codCreate(shopper, [item]);
  expect(created.statusCode, created.body).toBe(202);
  const paid = await t.sandbox.pay(created.json().order.id);
  const res = await verify(paid);
  expect(res.statusCode, res.body).toBe(200);
  return { shopper, item, paid, order: res.json().order };
}

describe('part-paid COD: placement', () => {
  it('asks for the advance first, places nothing until it is paid, then places a COD order with the advance', async () => {
    // Confirmation on for every COD order: a part-paid order does not wait for it.
    await shopWith({ codConfirmation: { ...DEFAULT_COD_CONFIRMATION, mode: 'all' } });
    const shopper = await createUser(t.app, t.db);
    const item = await line(149_900, 5);
    const created = await codCreate(shopper, [item]);
    expect(created.statusCode, created.body).toBe(202);
    const body = created.json();
    // ₹1,499 less 5% first order = ₹1,424.05; ₹200 online, ₹1,224.05 in cash.
    expect(body).toMatchObject({ order: { amount: 20_000, currency: 'INR' }, codAdvance: { advance: 200, cash: 1224.05 } });
    expect(await ordersOf(shopper.user.id)).toHaveLength(0);
    expect(await stockOf(item.variantId)).toBe(5);
    const [attempt] = await t.db.select().from(checkoutAttempts).where(eq(checkoutAttempts.id, body.checkoutAttemptId));
    expect(attempt).toMatchObject({ paymentMethod: 'cod', codAdvancePaise: 20_000, status: 'created', razorpayOrderId: body.order.id });

    const paid = await t.sandbox.pay(body.order.id);
    const res = await verify(paid);
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().order;
    expect(order).toMatchObject({
      status: 'placed',
      totals: { grandTotal: 1424.05 },
      payment: { method: 'cod', status: 'pending', providerPaymentId: paid.razorpay_payment_id, codAdvance: 200 },
      codConfirmation: null,
    });
    expect(await stockOf(item.variantId)).toBe(4);
    // Verified again: the same order.
    expect((await verify(paid)).json().order._id).toBe(order._id);
    expect(await ordersOf(shopper.user.id)).toHaveLength(1);
    expect(await stockOf(item.variantId)).toBe(4);

    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, order.email));
    expect(mail.text).toContain('Advance paid online: ₹200');
    expect(mail.text).toContain('Pay on delivery: ₹1,224.05');

    // The courier collects the cash part only.
    const adminOrder = await getAdminOrder(t.db, order._id);
    expect(adhocOrderFor(adminOrder, new Date())).toMatchObject({ payment_method: 'COD', sub_total: 1224.05 });
    expect(collectLine(adminOrder)).toBe('COD: COLLECT ₹1,224.05');

    // The invoice: GST on the whole order, the two payments under the grand total.
    const pdf = await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}/invoice`, headers: shopper.headers });
    expect(pdf.statusCode).toBe(200);
    const text = (await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true })).text;
    expect(text).toContain('Advance paid online');
    expect(text).toContain('₹200.00');
    expect(text).toContain('Due in cash');
    expect(text).toContain('₹1,224.05');
  });

  it('is placed by the webhook when the shopper never comes back, once', async () => {
    const shopper = await createUser(t.app, t.db);
    const item = await line();
    const created = (await codCreate(shopper, [item])).json();
    const paid = await t.sandbox.pay(created.order.id);
    expect((await webhook(paid.razorpay_order_id, paid.razorpay_payment_id)).statusCode).toBe(200);
    expect((await webhook(paid.razorpay_order_id, paid.razorpay_payment_id)).statusCode).toBe(200);
    const placed = await ordersOf(shopper.user.id);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({
      paymentMethod: 'cod',
      paymentStatus: 'pending',
      razorpayPaymentId: paid.razorpay_payment_id,
      codAdvancePaise: 20_000,
    });
    expect((await verify(paid)).json().order._id).toBe(placed[0].id);
  });

  it('verify and the webhook at once place one order and take the stock once', async () => {
    for (let round = 0; round < 4; round++) {
      const shopper = await createUser(t.app, t.db);
      const item = await line(99_900, 3);
      const created = (await codCreate(shopper, [item])).json();
      const paid = await t.sandbox.pay(created.order.id);
      const [a, b, c] = await Promise.all([verify(paid), webhook(paid.razorpay_order_id, paid.razorpay_payment_id), verify(paid)]);
      expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
      expect(a.json().order._id).toBe(c.json().order._id);
      expect(await ordersOf(shopper.user.id)).toHaveLength(1);
      expect(await stockOf(item.variantId)).toBe(2);
    }
  });

  it('an advance never paid places nothing and holds no stock', async () => {
    const shopper = await createUser(t.app, t.db);
    const item = await line(149_900, 1);
    expect((await codCreate(shopper, [item])).statusCode).toBe(202);
    await reconcileOpenAttempts(t.app.paymentDeps, { minAgeMs: 0 });
    expect(await ordersOf(shopper.user.id)).toHaveLength(0);
    expect(await stockOf(item.variantId)).toBe(1);
  });

  it('no advance below the threshold: placed at once as plain COD', async () => {
    await shopWith({ codAdvance: { kind: 'percent', value: 10, above: 2000 } });
    const shopper = await createUser(t.app, t.db);
    const res = await codCreate(shopper, [await line(149_900)]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order.payment).toMatchObject({ method: 'cod', codAdvance: 0, providerPaymentId: null });
  });

  it('the COD limits hold: refused before paying, and an advance paid when the limit was reached meanwhile is refunded', async () => {
    await shopWith({ cod: { ...demoShopSettings.cod, maxOpenOrders: 1 } } as Partial<ShopSettingsData>);
    const shopper = await createUser(t.app, t.db);
    const item = await line(149_900, 5);
    const first = (await codCreate(shopper, [item])).json();
    const second = (await codCreate(shopper, [item])).json();
    const paidFirst = await t.sandbox.pay(first.order.id);
    expect((await verify(paidFirst)).statusCode).toBe(200);
    const refused = await codCreate(shopper, [item]);
    expect([refused.statusCode, refused.json().message]).toEqual([
      400,
      'You already have 1 Cash on Delivery order on the way. Please pay online, or wait for it to arrive.',
    ]);
    const paidSecond = await t.sandbox.pay(second.order.id);
    const late = await verify(paidSecond);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('Your payment of ₹200 is being refunded');
    expect(sandboxRefunds(paidSecond.razorpay_payment_id).map((r) => r.amount)).toEqual([20_000]);
    expect(await ordersOf(shopper.user.id)).toHaveLength(1);
    expect(await stockOf(item.variantId)).toBe(4);
  });
});

describe('part-paid COD: cancellation and refunds', () => {
  const cancel = (shopper: Shopper, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${id}/cancel`, headers: shopper.headers, payload: { reason: 'Ordered by mistake' } });
  const ship = (id: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/admin/${id}/shipments`,
      headers: admin,
      payload: { courier: 'delhivery', awb: `PP${randomUUID().slice(0, 8)}` },
    });
  const refund = (id: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/admin/${id}/refunds`,
      headers: { ...admin, 'idempotency-key': randomUUID() },
      payload: body,
    });

  it('cancelling refunds the advance to its payment once, with a credit note; the cash part is reversed with no refund', async () => {
    const { shopper, order, paid, item } = await partPaidOrder();
    const res = await cancel(shopper, order._id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await cancel(shopper, order._id)).statusCode).toBe(200);
    expect(sandboxRefunds(paid.razorpay_payment_id).map((r) => r.amount)).toEqual([20_000]);
    const rows = await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order._id));
    expect(rows.map((r) => [r.method, r.amountPaise, r.status])).toEqual([['razorpay', 20_000, 'processed']]);
    const notes = await t.db.select().from(creditNotes).where(eq(creditNotes.orderId, order._id));
    expect(notes.map((n) => n.totalPaise).sort((a, b) => a - b)).toEqual([20_000, 122_405]);
    expect(await stockOf(item.variantId)).toBe(5);
    const after = (await t.app.inject({ url: `/api/orders/${order._id}`, headers: shopper.headers })).json();
    expect(after).toMatchObject({ status: 'refunded', refunds: { paid: 200, refunded: 200, refundable: 0 } });
  });

  it('a parcel refused at the door: the advance is refunded', async () => {
    const { order, paid } = await partPaidOrder();
    expect((await ship(order._id)).statusCode).toBe(201);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/admin/${order._id}/returned-undelivered`,
      headers: admin,
      payload: { note: 'Refused at the door' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(sandboxRefunds(paid.razorpay_payment_id).map((r) => r.amount)).toEqual([20_000]);
  });

  it('after delivery a refund gives the advance back online first, then the cash by transfer', async () => {
    const { order, paid } = await partPaidOrder();
    expect((await ship(order._id)).statusCode).toBe(201);
    const delivered = await t.app.inject({ method: 'POST', url: `/api/orders/admin/${order._id}/delivered`, headers: admin, payload: {} });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toMatchObject({ payment: { status: 'collected' }, refunds: { paid: 1424.05 } });
    // Within the advance: no transfer reference needed, all of it back online.
    const small = await refund(order._id, { amount: 150, reason: 'Loose button' });
    expect(small.statusCode, small.body).toBe(201);
    // The rest: ₹50 of the advance online, ₹1,224.05 of cash by transfer (its reference required).
    const noRef = await refund(order._id, { amount: 1274.05, reason: 'Returned' });
    expect(noRef.statusCode).toBe(400);
    const rest = await refund(order._id, { amount: 1274.05, reason: 'Returned', manualReference: 'UPI 5521' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(sandboxRefunds(paid.razorpay_payment_id).map((r) => r.amount)).toEqual([15_000, 5_000]);
    const rows = await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order._id));
    expect(rows.map((r) => [r.method, r.amountPaise]).sort()).toEqual(
      [
        ['manual', 122_405],
        ['razorpay', 15_000],
        ['razorpay', 5_000],
      ].sort(),
    );
    const nothing = await refund(order._id, { amount: 1, reason: 'x', manualReference: 'y' });
    expect(nothing.json().message).toBe('Nothing is left to refund on this order');
  });
});
