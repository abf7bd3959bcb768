import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderRecord, createProduct, createUser, shippingAddress } from '../../../../tests/helpers/factories';
import { loggingDatabase } from '../../../../tests/helpers/statement-log';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { cartItems, checkoutAttempts, orders, refunds, variants } from '../../db/schema';
import { verifyAndCreateOrder } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Shopper = Awaited<ReturnType<typeof createUser>>;

async function createOrder(shopper: Shopper, items: object[], fromBuyNow = false) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/create-order',
    headers: shopper.headers,
    payload: { currency: 'INR', items, email: shippingAddress.email, phone: shippingAddress.phone, fromBuyNow, shippingAddress },
  });
}

async function verify(payload: object, headers?: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: '/api/payments/razorpay/verify-and-create-order', headers, payload });
}

async function stockOf(variantId: string) {
  const [row] = await t.db.select({ stockQty: variants.stockQty }).from(variants).where(eq(variants.id, variantId));
  return row.stockQty;
}

describe('preview', () => {
  it('prices lines from the catalogue for the shopper', async () => {
    const shopper = await createUser(t.app, t.db);
    const { product, bySize } = await createProduct(t.db, { variants: [{ size: 'L', pricePaise: 249_900, stockQty: 4 }] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/preview',
      headers: shopper.headers,
      payload: { items: [{ productId: product.id, variantId: bySize.L.id, quantity: 3, price: 1 }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().summary).toMatchObject({ subTotal: 7497, discountType: 'MULTI_ITEM_20', discount: 1499.4, grandTotal: 5997.6 });
  });
});

describe('checkout with Razorpay', () => {
  it('creates a Razorpay order for the server-priced amount in paise and records the attempt', async () => {
    const shopper = await createUser(t.app, t.db);
    const { product, bySize } = await createProduct(t.db, { variants: [{ size: 'M', pricePaise: 99_950, stockQty: 5 }] });
    const res = await createOrder(shopper, [{ productId: product.id, variantId: bySize.M.id, quantity: 1, unitPrice: 1 }], true);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.key).toBe('rzp_test_key');
    // 999.50 less 5% first-order (49.975 -> 49.98) = 949.52
    expect(body.order).toMatchObject({ amount: 94_952, currency: 'INR' });
    expect(body.pricing.summary).toMatchObject({ discountType: 'FIRST_ORDER_5', grandTotal: 949.52 });
    const rzpOrder = t.sandbox.state.orders.get(body.order.id);
    expect(rzpOrder).toMatchObject({ amount: 94_952, receipt: body.checkoutAttemptId });
    const [attempt] = await t.db.select().from(checkoutAttempts).where(eq(checkoutAttempts.id, body.checkoutAttemptId));
    expect(attempt).toMatchObject({ status: 'created', razorpayOrderId: body.order.id, grandTotalPaise: 94_952, userId: shopper.user.id });
  });

  it('places the order once the payment verifies: stock taken, cart cleared, timeline started', async () => {
    const shopper = await createUser(t.app, t.db);
    const { product, bySize } = await createProduct(t.db, {
      title: 'Linen Shirt',
      variants: [
        { size: 'M', pricePaise: 149_900, stockQty: 5 },
        { size: 'L', pricePaise: 159_900, stockQty: 5 },
      ],
    });
    await t.db.insert(cartItems).values([
      { userId: shopper.user.id, productId: product.id, variantId: bySize.M.id, quantity: 2 },
      { userId: shopper.user.id, productId: product.id, variantId: bySize.L.id, quantity: 1 },
    ]);
    const created = (
      await createOrder(shopper, [
        { productId: product.id, variantId: bySize.M.id, quantity: 2 },
        { productId: product.id, variantId: bySize.L.id, quantity: 1 },
      ])
    ).json();
    const paid = await t.sandbox.pay(created.order.id);
    const res = await verify({
      ...paid,
      email: shippingAddress.email,
      phone: shippingAddress.phone,
      shippingAddress,
      items: [],
      fromBuyNow: false,
    });
    expect(res.statusCode).toBe(200);
    const order = res.json().order;
    expect(order).toMatchObject({
      status: 'placed',
      itemCount: 3,
      discountType: 'MULTI_ITEM_20',
      // GST included (Karnataka to Karnataka, 5%): the 20% discount allotted to the lines leaves
      // ₹2,398.40 and ₹1,279.20; taxable ₹2,284.19 and ₹1,218.29; GST ₹114.21 + ₹60.91.
      totals: { subTotal: 4597, discount: 919.4, shipping: 0, codFee: 0, tax: 175.12, grandTotal: 3677.6 },
      invoiceNumber: expect.stringMatching(/^[A-Z0-9-]+\/\d{4}-\d{2}\/\d{5}$/),
      shippingAddress: { firstName: 'Asha', address: '12 MG Road', apartment: 'Flat 4B', city: 'Bengaluru', pincode: '560001' },
      payment: { method: 'razorpay', status: 'captured', providerPaymentId: paid.razorpay_payment_id },
    });
    expect(order.items.map((i: { variantName: string; quantity: number; price: number }) => [i.variantName, i.quantity, i.price])).toEqual([
      ['M', 2, 2998],
      ['L', 1, 1599],
    ]);
    expect(order.timeline).toHaveLength(1);
    expect(order.timeline[0].status).toBe('placed');
    // The attempt the payment completed points at the order, with the payment, as of the order's time.
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({
      razorpayOrderId: created.order.id,
      razorpayPaymentId: paid.razorpay_payment_id,
      paymentStatus: 'captured',
    });
    const [attempt] = await t.db.select().from(checkoutAttempts).where(eq(checkoutAttempts.id, created.checkoutAttemptId));
    expect(attempt).toMatchObject({
      status: 'completed',
      orderId: order._id,
      razorpayOrderId: created.order.id,
      razorpayPaymentId: paid.razorpay_payment_id,
      paymentMethod: 'razorpay',
      idempotencyKey: null,
      failureReason: null,
      updatedAt: row.createdAt,
    });
    expect(row.checkoutAttemptId).toBe(attempt.id);
    expect(await stockOf(bySize.M.id)).toBe(3);
    expect(await stockOf(bySize.L.id)).toBe(4);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, shopper.user.id))).toEqual([]);
    expect(t.mails.at(-1)).toMatchObject({ to: shippingAddress.email, subject: `Order #${order._id.slice(-8).toUpperCase()} confirmed` });

    // The same payment verified again gives the same single order and takes no more stock.
    const again = await verify(paid);
    expect(again.statusCode).toBe(200);
    expect(again.json().order._id).toBe(order._id);
    expect(await stockOf(bySize.M.id)).toBe(3);

    // The shopper sees it; a stranger and a guest do not.
    const mine = await t.app.inject({ url: '/api/orders/my', headers: shopper.headers });
    expect(mine.json().map((o: { _id: string }) => o._id)).toEqual([order._id]);
    expect((await t.app.inject({ url: `/api/orders/${order._id}`, headers: shopper.headers })).json().totals.grandTotal).toBe(3677.6);
    const stranger = await createUser(t.app, t.db);
    expect((await t.app.inject({ url: `/api/orders/${order._id}`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/orders/${order._id}` })).statusCode).toBe(404);
    const admin = await createUser(t.app, t.db, { role: 'admin' });
    expect((await t.app.inject({ url: `/api/orders/${order._id}`, headers: admin.headers })).statusCode).toBe(200);

    // The next order is no longer a first order.
    const next = await createOrder(shopper, [{ productId: product.id, variantId: bySize.M.id, quantity: 1 }]);
    expect(next.json().pricing.summary.discountType).toBe('NONE');
  });

  it("places a paid order in a transaction of two statements: the attempt's lock, then the placement", async () => {
    const shopper = await createUser(t.app, t.db);
    // Not a first order: one priced with the first-order discount also locks the shopper's row
    // (orders/place-order.ts; orders/first-order-discount.test.ts).
    await createOrderRecord(t.db, { userId: shopper.user.id });
    const { product, bySize } = await createProduct(t.db, {
      variants: [
        { size: 'M', pricePaise: 99_900, stockQty: 5 },
        { size: 'L', pricePaise: 99_900, stockQty: 5 },
      ],
    });
    const created = (
      await createOrder(shopper, [
        { productId: product.id, variantId: bySize.M.id, quantity: 1 },
        { productId: product.id, variantId: bySize.L.id, quantity: 1 },
      ])
    ).json();
    const paid = await t.sandbox.pay(created.order.id);
    const log = loggingDatabase(t.db);
    const { order } = await verifyAndCreateOrder({ ...t.app.paymentDeps, db: log.db }, paid);
    expect(order.items).toHaveLength(2);
    // Each statement is a round trip.
    expect(log.transactions()).toEqual([
      [expect.stringMatching(/^select .* from "checkout_attempts" where .* for update$/), expect.stringMatching(/^with locked as \(/)],
    ]);
    expect(log.outside()).toEqual([]);
  });

  it('keeps the cart in buy-now mode', async () => {
    const shopper = await createUser(t.app, t.db);
    const { product, bySize } = await createProduct(t.db);
    await t.db.insert(cartItems).values({ userId: shopper.user.id, productId: product.id, variantId: bySize.M.id, quantity: 1 });
    const created = (await createOrder(shopper, [{ productId: product.id, variantId: bySize.M.id, quantity: 1 }], true)).json();
    expect((await verify(await t.sandbox.pay(created.order.id))).statusCode).toBe(200);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, shopper.user.id))).toHaveLength(1);
  });

  it('creates nothing for a forged or mismatched signature', async () => {
    const shopper = await createUser(t.app, t.db);
    const { product, bySize } = await createProduct(t.db);
    const a = (await createOrder(shopper, [{ productId: product.id, variantId: bySize.M.id, quantity: 1 }])).json();
    const b = (await createOrder(shopper, [{ productId: product.id, variantId: bySize.M.id, quantity: 1 }])).json();
    const paidA = await t.sandbox.pay(a.order.id);
    const forged = [
      { ...paidA, razorpay_signature: 'f'.repeat(64) },
      { ...paidA, razorpay_signature: 'short' },
      { ...paidA, razorpay_order_id: b.order.id }, // a's signature on b's order
      { ...paidA, razorpay_order_id: 'order_unknown00000' },
    ];
    for (const body of forged) {
      const res = await verify(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Payment verification failed');
    }
    expect(await t.db.select().from(orders).where(eq(orders.userId, shopper.user.id))).toEqual([]);
    expect(await stockOf(bySize.M.id)).toBe(10);
  });

  it('turns concurrent verifies of one payment into one order', async () => {
    const shopper = await createUser(t.app, t.db);
    const { product, bySize } = await createProduct(t.db, { variants: [{ size: 'M', pricePaise: 50_000, stockQty: 10 }] });
    const created = (await createOrder(shopper, [{ productId: product.id, variantId: bySize.M.id, quantity: 2 }])).json();
    const paid = await t.sandbox.pay(created.order.id);
    const results = await Promise.all(Array.from({ length: 6 }, () => verify(paid)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.json().order._id)).size).toBe(1);
    expect(await t.db.select().from(orders).where(eq(orders.userId, shopper.user.id))).toHaveLength(1);
    expect(await stockOf(bySize.M.id)).toBe(8);
  });

  it('never oversells the last units: the losers are refunded and get no order', async () => {
    const { product, bySize } = await createProduct(t.db, { variants: [{ size: 'M', pricePaise: 75_000, stockQty: 2 }] });
    const shoppers = await Promise.all(Array.from({ length: 5 }, () => createUser(t.app, t.db)));
    const attempts = [];
    for (const s of shoppers) {
      const res = await createOrder(s, [{ productId: product.id, variantId: bySize.M.id, quantity: 1 }]);
      expect(res.statusCode).toBe(200);
      attempts.push(await t.sandbox.pay(res.json().order.id));
    }
    const results = await Promise.all(attempts.map((p) => verify(p)));
    const won = results.filter((r) => r.statusCode === 200);
    const lost = results.filter((r) => r.statusCode === 409);
    expect(won).toHaveLength(2);
    expect(lost).toHaveLength(3);
    expect(lost[0].json().message).toMatch(/sold out while you were paying\. Your payment of ₹712\.50 is being refunded/);
    expect(await stockOf(bySize.M.id)).toBe(0);
    const refundRows = await t.db.select().from(refunds);
    const lostPayments = attempts.filter((_, i) => results[i].statusCode === 409).map((p) => p.razorpay_payment_id);
    expect(refundRows.filter((r) => lostPayments.includes(r.razorpayPaymentId))).toHaveLength(3);
    for (const paymentId of lostPayments) {
      expect(t.sandbox.state.payments.get(paymentId)?.status).toBe('refunded');
    }
  });

  it('takes no stock at all when one line of a paid cart has sold out, and refunds', async () => {
    const shopper = await createUser(t.app, t.db);
    const { product, bySize } = await createProduct(t.db, {
      variants: [
        { size: 'M', pricePaise: 60_000, stockQty: 5 },
        { size: 'L', pricePaise: 60_000, stockQty: 1 },
      ],
    });
    const lines = [
      { productId: product.id, variantId: bySize.M.id, quantity: 2 },
      { productId: product.id, variantId: bySize.L.id, quantity: 1 },
    ];
    await t.db.insert(cartItems).values(lines.map((l) => ({ ...l, userId: shopper.user.id })));
    const created = (await createOrder(shopper, lines)).json();
    const paid = await t.sandbox.pay(created.order.id);
    // The last L goes to someone else while this shopper is paying.
    await t.db.update(variants).set({ stockQty: 0 }).where(eq(variants.id, bySize.L.id));
    const mailsBefore = t.mails.length;
    const res = await verify(paid);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/sold out while you were paying/);
    expect(await stockOf(bySize.M.id)).toBe(5);
    expect(await t.db.select().from(orders).where(eq(orders.userId, shopper.user.id))).toEqual([]);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, shopper.user.id))).toHaveLength(2);
    expect(t.sandbox.state.payments.get(paid.razorpay_payment_id)?.status).toBe('refunded');
    expect(t.mails.length).toBe(mailsBefore);
  });

  it('places concurrent orders for the same sizes listed in opposite orders, all of them', async () => {
    const { product, bySize } = await createProduct(t.db, {
      variants: [
        { size: 'S', pricePaise: 40_000, stockQty: 100 },
        { size: 'M', pricePaise: 40_000, stockQty: 100 },
        { size: 'L', pricePaise: 40_000, stockQty: 100 },
      ],
    });
    const sizes = [bySize.S.id, bySize.M.id, bySize.L.id];
    const paid = [];
    for (let i = 0; i < 12; i++) {
      const shopper = await createUser(t.app, t.db);
      const order = i % 2 === 0 ? sizes : [...sizes].reverse();
      const res = await createOrder(
        shopper,
        order.map((variantId) => ({ productId: product.id, variantId, quantity: 1 })),
        true,
      );
      paid.push(await t.sandbox.pay(res.json().order.id));
    }
    const results = await Promise.all(paid.map((p) => verify(p)));
    expect(results.map((r) => r.statusCode)).toEqual(paid.map(() => 200));
    for (const variantId of sizes) expect(await stockOf(variantId)).toBe(88);
  });

  it('refuses a cart line that is out of stock before taking any money', async () => {
    const shopper = await createUser(t.app, t.db);
    const { product, bySize } = await createProduct(t.db, { variants: [{ size: 'M', pricePaise: 75_000, stockQty: 1 }] });
    const res = await createOrder(shopper, [{ productId: product.id, variantId: bySize.M.id, quantity: 2 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Only 1 left of/);
  });

  it('validates the shipping address with the checkout messages', async () => {
    const shopper = await createUser(t.app, t.db);
    const { product, bySize } = await createProduct(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/create-order',
      headers: shopper.headers,
      payload: {
        items: [{ productId: product.id, variantId: bySize.M.id, quantity: 1 }],
        shippingAddress: { ...shippingAddress, phone: '12345', pincode: '012345', state: 'Atlantis' },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      'shippingAddress.phone': 'Valid 10-digit Indian phone required',
      'shippingAddress.pincode': 'Valid 6-digit pincode required',
      'shippingAddress.state': 'State is required',
    });
  });

  // The seed's contract: the spec's create-order payload has no address; the saved one is used.
  it("without shippingAddress ships to the saved profile address, with the body's e-mail and phone", async () => {
    const saved = {
      line1: '7 Park Street',
      line2: '',
      city: 'Kolkata',
      state: 'West Bengal',
      pincode: '700016',
      country: 'India' as const,
    };
    const shopper = await createUser(t.app, t.db, { name: 'Meera Sen Gupta', phone: '9123456780', address: saved });
    const { product, bySize } = await createProduct(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/create-order',
      headers: shopper.headers,
      payload: {
        currency: 'INR',
        items: [{ productId: product.id, variantId: bySize.M.id, quantity: 1 }],
        email: 'meera@example.in',
        fromBuyNow: true,
      },
    });
    expect(res.statusCode).toBe(200);
    const [attempt] = await t.db.select().from(checkoutAttempts).where(eq(checkoutAttempts.id, res.json().checkoutAttemptId));
    expect(attempt.shippingAddress).toEqual({
      firstName: 'Meera Sen',
      lastName: 'Gupta',
      email: 'meera@example.in',
      phone: '9123456780',
      ...saved,
    });
    expect(attempt).toMatchObject({ email: 'meera@example.in', phone: '9123456780' });
  });

  it("without shippingAddress and without a saved address answers 400 'Delivery address is required'", async () => {
    const shopper = await createUser(t.app, t.db, { address: null });
    const { product, bySize } = await createProduct(t.db);
    const ordersBefore = t.sandbox.state.orders.size;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/create-order',
      headers: shopper.headers,
      payload: { currency: 'INR', items: [{ productId: product.id, variantId: bySize.M.id, quantity: 1 }], fromBuyNow: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Delivery address is required' });
    expect(t.sandbox.state.orders.size).toBe(ordersBefore);
  });

  it('answers 401 without a token and 400 for an empty item list', async () => {
    const shopper = await createUser(t.app, t.db);
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/razorpay/create-order', payload: {} })).statusCode).toBe(401);
    const res = await createOrder(shopper, []);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('No items to checkout');
  });
});
