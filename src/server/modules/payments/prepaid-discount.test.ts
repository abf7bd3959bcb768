/**
 * The prepaid discount (docs/architecture.md#prepaid-discount) through the API: priced into the
 * Razorpay and store-credit checkouts, allotted to the lines for GST, never on Cash on Delivery, and
 * given back exactly by a refund of the whole order.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOrderRecord, createProduct, createUser, shippingAddress } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { ShopSettingsData } from '../../../core/schemas/settings';
import { checkoutAttempts, creditNotes, orderItems, orders, users } from '../../db/schema';
import { demoShopSettings } from '../../db/seed/demo-catalog';
import { SYSTEM_ACTOR } from '../audit/record';
import { changeCredit } from '../store-credit/wallet';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Rule = ShopSettingsData['prepaidDiscount'];
const setRule = (prepaidDiscount: Rule, codFee = 49) =>
  t.app.settings.save(
    { ...demoShopSettings, prepaidDiscount, cod: { ...demoShopSettings.cod, fee: codFee, maxOrderTotal: 50_000 } } as ShopSettingsData,
    SYSTEM_ACTOR,
  );
beforeEach(() => setRule({ kind: 'percent', value: 5, cap: 100 }));

type Shopper = Awaited<ReturnType<typeof createUser>>;
type Line = { productId: string; variantId: string; quantity: number };

/** A shopper with an earlier order, so no first-order discount changes the totals below. */
async function regular(): Promise<Shopper> {
  const shopper = await createUser(t.app, t.db);
  const { product, bySize } = await createProduct(t.db, { variants: [{ size: 'M', pricePaise: 50_000, stockQty: 5 }] });
  await createOrderRecord(t.db, {
    userId: shopper.user.id,
    status: 'delivered',
    lines: [{ productId: product.id, variantId: bySize.M.id, unitPricePaise: 50_000 }],
  });
  return shopper;
}

/** Two lines: a kurta of ₹899.50 and two shirts of ₹449, ₹1,797.50 in all. */
async function twoLines(): Promise<Line[]> {
  const { product, bySize } = await createProduct(t.db, {
    title: 'Block Print Set',
    variants: [
      { size: 'M', pricePaise: 89_950, stockQty: 10 },
      { size: 'L', pricePaise: 44_900, stockQty: 10 },
    ],
  });
  return [
    { productId: product.id, variantId: bySize.M.id, quantity: 1 },
    { productId: product.id, variantId: bySize.L.id, quantity: 2 },
  ];
}
const body = (items: Line[], extra: object = {}) => ({ items, fromBuyNow: true, shippingAddress, ...extra });

async function payOnline(shopper: Shopper, items: Line[], extra: object = {}) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/create-order',
    headers: shopper.headers,
    payload: body(items, extra),
  });
  expect(created.statusCode).toBe(200);
  const paid = await t.sandbox.pay(created.json().order.id);
  const verified = await t.app.inject({ method: 'POST', url: '/api/payments/razorpay/verify-and-create-order', payload: paid });
  expect(verified.statusCode).toBe(200);
  return { created: created.json(), order: verified.json().order, paymentId: paid.razorpay_payment_id };
}

/** The order's lines: what each was paid after its discounts equals its taxable value plus its GST, and they sum to the order. */
async function expectLinesAddUp(orderId: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  let paid = 0;
  let discounts = 0;
  let gst = 0;
  for (const l of lines) {
    const linePaid = l.lineTotalPaise - l.discountPaise;
    expect(l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(linePaid);
    paid += linePaid;
    discounts += l.discountPaise;
    gst += l.cgstPaise + l.sgstPaise + l.igstPaise;
  }
  expect(discounts).toBe(row.discountPaise + row.prepaidDiscountPaise);
  expect(paid + row.codFeePaise).toBe(row.grandTotalPaise);
  if (row.codFeePaise === 0) expect(gst).toBe(row.taxPaise);
  return row;
}

describe('preview', () => {
  it('says what paying online and by Cash on Delivery would cost', async () => {
    const shopper = await regular();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/preview',
      headers: shopper.headers,
      payload: { items: await twoLines() },
    });
    expect(res.statusCode).toBe(200);
    // 3 units: 20% off ₹1,797.50 = ₹359.50, leaving ₹1,438; 5% of it is ₹71.90, rounded down to ₹71.
    expect(res.json().summary).toMatchObject({ subTotal: 1797.5, discount: 359.5, grandTotal: 1438 });
    expect(res.json().methods).toEqual({ online: { prepaidDiscount: 71, total: 1367 }, cod: { fee: 49, total: 1487 } });
  });
});

describe('paying online', () => {
  it('takes the prepaid discount off the Razorpay order, stores it on the attempt and the order, and allots it to the lines', async () => {
    const shopper = await regular();
    const { created, order } = await payOnline(shopper, await twoLines());
    expect(created.order.amount).toBe(136_700);
    expect(t.sandbox.state.orders.get(created.order.id)).toMatchObject({ amount: 136_700 });
    const [attempt] = await t.db.select().from(checkoutAttempts).where(eq(checkoutAttempts.id, created.checkoutAttemptId));
    expect(attempt).toMatchObject({ prepaidDiscountPaise: 7_100, grandTotalPaise: 136_700 });
    expect(order.totals).toMatchObject({ subTotal: 1797.5, discount: 359.5, prepaidDiscount: 71, codFee: 0, grandTotal: 1367 });
    const row = await expectLinesAddUp(order._id);
    expect(row).toMatchObject({ prepaidDiscountPaise: 7_100, grandTotalPaise: 136_700, codFeePaise: 0 });
    // The order discount, then the prepaid discount on what is left of each line (₹719.60 and ₹718.40
    // of ₹1,438): ₹179.90 + ₹35.53 (35.5296, the larger remainder takes the odd paisa) on the kurta,
    // ₹179.60 + ₹35.47 on the shirts.
    expect(order.items.map((i: { discount: number }) => i.discount)).toEqual([215.43, 215.07]);
    // The invoice: the discount in each line's Discount column, and named under the totals.
    const invoice = await t.app.inject({ url: `/api/orders/${order._id}/invoice`, headers: shopper.headers });
    expect(invoice.statusCode).toBe(200);
    const text = (await extractText(await getDocumentProxy(new Uint8Array(invoice.rawPayload)), { mergePages: true })).text;
    expect(text).toContain('Prepaid discount -₹71.00');
    expect(text).toContain('215.43');
    expect(text).toContain('Grand total ₹1,367.00');
  });

  it('caps a percent and takes a flat amount, never leaving under ₹1', async () => {
    const shopper = await regular();
    await setRule({ kind: 'percent', value: 10, cap: 50 });
    const capped = await payOnline(shopper, await twoLines());
    expect(capped.order.totals).toMatchObject({ prepaidDiscount: 50, grandTotal: 1388 });
    await setRule({ kind: 'flat', value: 60, cap: null });
    const { product, bySize } = await createProduct(t.db, { variants: [{ size: 'S', pricePaise: 5_000, stockQty: 3 }] });
    const small = await payOnline(shopper, [{ productId: product.id, variantId: bySize.S.id, quantity: 1 }]);
    expect(small.created.order.amount).toBe(100);
    expect(small.order.totals).toMatchObject({ subTotal: 50, prepaidDiscount: 49, grandTotal: 1 });
    await expectLinesAddUp(small.order._id);
  });

  it('is nothing while the setting is off', async () => {
    await setRule({ kind: 'off', value: 0, cap: null });
    const shopper = await regular();
    const { created, order } = await payOnline(shopper, await twoLines());
    expect(created.order.amount).toBe(143_800);
    expect(order.totals).toMatchObject({ prepaidDiscount: 0, grandTotal: 1438 });
  });

  it('a cancellation refunds exactly what was paid, with credit notes for the whole invoice', async () => {
    const shopper = await regular();
    const { order, paymentId } = await payOnline(shopper, await twoLines());
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/cancel`,
      headers: shopper.headers,
      payload: { reason: 'Ordered by mistake' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().refunds).toMatchObject({ paid: 1367, refunded: 1367, refundable: 0 });
    const online = [...t.sandbox.state.refunds.values()].filter((r) => r.payment_id === paymentId);
    expect(online.map((r) => r.amount)).toEqual([136_700]);
    const notes = await t.db.select().from(creditNotes).where(eq(creditNotes.orderId, order._id));
    expect(notes.reduce((s, n) => s + n.totalPaise, 0)).toBe(136_700);
  });
});

describe('Cash on Delivery', () => {
  it('never gets the prepaid discount, and pays its fee', async () => {
    const shopper = await regular();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/cod/create-order',
      headers: { ...shopper.headers, 'idempotency-key': randomUUID() },
      payload: body(await twoLines()),
    });
    expect(res.statusCode).toBe(201);
    const order = res.json().order;
    expect(order.totals).toMatchObject({ discount: 359.5, prepaidDiscount: 0, codFee: 49, grandTotal: 1487 });
    const row = await expectLinesAddUp(order._id);
    expect(row.prepaidDiscountPaise).toBe(0);
  });
});

describe('store credit', () => {
  const give = (userId: string, paise: number) =>
    t.db.transaction((tx) => changeCredit(tx, { userId, deltaPaise: paise, reason: 'adjustment', note: 'test' }));
  const balance = async (userId: string) => (await t.db.select({ b: users.storeCreditPaise }).from(users).where(eq(users.id, userId)))[0].b;

  it('paying partly with credit: the discount comes off first, the credit pays part, Razorpay the rest', async () => {
    const shopper = await regular();
    await give(shopper.user.id, 30_000);
    const { created, order } = await payOnline(shopper, await twoLines(), { useStoreCredit: true });
    expect(created.order.amount).toBe(136_700 - 30_000);
    expect(order.totals).toMatchObject({ prepaidDiscount: 71, grandTotal: 1367 });
    expect(order.payment.storeCredit).toBe(300);
    await expectLinesAddUp(order._id);
  });

  it('an order paid wholly with credit gets the discount too, and spends only the discounted total', async () => {
    const shopper = await regular();
    // ₹1,400 covers ₹1,367 (online price) though not ₹1,438 (before the discount).
    await give(shopper.user.id, 140_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/store-credit/create-order',
      headers: { ...shopper.headers, 'idempotency-key': randomUUID() },
      payload: body(await twoLines()),
    });
    expect(res.statusCode).toBe(201);
    const order = res.json().order;
    expect(order.totals).toMatchObject({ prepaidDiscount: 71, grandTotal: 1367 });
    expect(order.payment).toMatchObject({ method: 'store_credit', storeCredit: 1367 });
    expect(await balance(shopper.user.id)).toBe(140_000 - 136_700);
    await expectLinesAddUp(order._id);
  });

  it('online with credit covering the discounted total is sent to Pay with store credit', async () => {
    const shopper = await regular();
    await give(shopper.user.id, 136_700);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/create-order',
      headers: shopper.headers,
      payload: body(await twoLines(), { useStoreCredit: true }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Your store credit covers this order: choose Pay with store credit');
  });
});
