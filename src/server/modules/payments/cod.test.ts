import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProduct, createUser, shippingAddress } from '../../../../tests/helpers/factories';
import { loggingDatabase } from '../../../../tests/helpers/statement-log';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { ShopSettingsData } from '../../../core/schemas/settings';
import { SYSTEM_ACTOR } from '../audit/record';
import {
  cartItems,
  checkoutAttempts,
  couponUses,
  coupons,
  documentSequences,
  inventoryLedger,
  mailOutbox,
  orderEvents,
  orderItems,
  orders,
  variants,
} from '../../db/schema';
import { demoShopSettings } from '../../db/seed/demo-catalog';
import { placeCodOrder } from './cod';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Shopper = Awaited<ReturnType<typeof createUser>>;

/** The demo shop (Karnataka, GSTIN 29…) with COD rules changed by `cod`. */
async function shopWith(cod: Partial<ShopSettingsData['cod']> = {}) {
  await t.app.settings.save({ ...demoShopSettings, cod: { ...demoShopSettings.cod, ...cod } } as ShopSettingsData, SYSTEM_ACTOR);
}
beforeEach(() => shopWith());

function placeCod(
  shopper: Shopper,
  items: object[],
  opts: { key?: string; address?: object; couponCode?: string; fromBuyNow?: boolean } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/cod/create-order',
    headers: { ...shopper.headers, ...(opts.key ? { 'idempotency-key': opts.key } : {}) },
    payload: {
      items,
      fromBuyNow: opts.fromBuyNow ?? false,
      shippingAddress: { ...shippingAddress, ...opts.address },
      ...(opts.couponCode ? { couponCode: opts.couponCode } : {}),
    },
  });
}

async function stockOf(variantId: string) {
  const [row] = await t.db.select({ stockQty: variants.stockQty }).from(variants).where(eq(variants.id, variantId));
  return row.stockQty;
}

async function oneLine(pricePaise = 149_900, stockQty = 10) {
  const { product, bySize } = await createProduct(t.db, { variants: [{ size: 'M', pricePaise, stockQty }] });
  return { productId: product.id, variantId: bySize.M.id, quantity: 1 };
}

describe('Cash on Delivery', () => {
  it('places the order at once: stock taken, ledger row, cart cleared, GST and invoice number, payment pending, mail written', async () => {
    const shopper = await createUser(t.app, t.db);
    const line = await oneLine(149_900, 5);
    await t.db.insert(cartItems).values({ userId: shopper.user.id, productId: line.productId, variantId: line.variantId, quantity: 2 });
    const res = await placeCod(shopper, [{ ...line, quantity: 2 }]);
    expect(res.statusCode).toBe(201);
    const { order, message } = res.json();
    // ₹2,998 less 5% first order (₹149.90) = ₹2,848.10, GST 5% included (₹1,424.05 a piece).
    expect(order).toMatchObject({
      status: 'placed',
      discountType: 'FIRST_ORDER_5',
      totals: { subTotal: 2998, discount: 149.9, codFee: 0, grandTotal: 2848.1, tax: 135.62 },
      payment: { method: 'cod', status: 'pending', providerPaymentId: null, collectedAt: null },
      invoiceNumber: expect.stringMatching(/^RM\/\d{4}-\d{2}\/\d{5}$/),
    });
    expect(message).toBe('Order placed! Pay ₹2,848.10 in cash when it arrives.');
    expect(await stockOf(line.variantId)).toBe(3);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, shopper.user.id))).toEqual([]);
    const ledger = await t.db.select().from(inventoryLedger).where(eq(inventoryLedger.orderId, order._id));
    expect(ledger).toMatchObject([{ variantId: line.variantId, delta: -2, stockAfter: 3, reason: 'sale' }]);
    // Karnataka to Karnataka: CGST + SGST. 284,810 / 1.05 = 271,247.6 -> 271,248; GST 13,562.
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order._id));
    expect(item).toMatchObject({
      discountPaise: 14_990,
      taxablePaise: 271_248,
      taxRateBp: 500,
      cgstPaise: 6_781,
      sgstPaise: 6_781,
      igstPaise: 0,
    });
    const [events] = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id));
    expect(events).toMatchObject({ status: 'placed', note: 'Cash on Delivery order placed' });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, shippingAddress.email));
    expect(mails.some((m) => m.subject.includes(order._id.slice(-8).toUpperCase()) && m.text.includes('Pay on delivery: ₹2,848.10'))).toBe(
      true,
    );
    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: shopper.headers });
    expect(mine.json()).toMatchObject({ _id: order._id, payment: { method: 'cod', status: 'pending' } });
  });

  it('writes exactly the order, its lines with GST, the ledger, the coupon use, the completed attempt and the mail', async () => {
    await shopWith({ fee: 49 });
    const shopper = await createUser(t.app, t.db);
    const kurta = await createProduct(t.db, { title: 'Indigo Kurta', variants: [{ size: 'M', pricePaise: 129_900, stockQty: 4 }] });
    const dupatta = await createProduct(t.db, { title: 'Silk Dupatta', variants: [{ size: 'Free', pricePaise: 104_900, stockQty: 2 }] });
    const other = await oneLine(99_900, 3);
    const [coupon] = await t.db
      .insert(coupons)
      .values({ code: `TWO${Date.now() % 1_000_000}`, kind: 'flat', amountOffPaise: 30_000, maxUses: 10, maxUsesPerShopper: 2 })
      .returning();
    const lines = [
      { productId: kurta.product.id, variantId: kurta.bySize.M.id, quantity: 1 },
      { productId: dupatta.product.id, variantId: dupatta.bySize.Free.id, quantity: 1 },
    ];
    await t.db.insert(cartItems).values([...lines, other].map((l) => ({ userId: shopper.user.id, ...l })));
    const res = await placeCod(shopper, lines, { couponCode: coupon.code });
    expect(res.statusCode).toBe(201);
    const { order } = res.json();
    // ₹2,348 less the coupon's ₹300 = ₹2,048 of goods, plus the ₹49 fee.
    expect(order.totals).toEqual({
      subTotal: 2348,
      discount: 300,
      shipping: 0,
      codFee: 49,
      prepaidDiscount: 0,
      tax: 99.85,
      grandTotal: 2097,
    });

    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    const now = row.createdAt;
    const [fy, serial] = [order.invoiceNumber.split('/')[1], order.invoiceNumber.split('/')[2]];
    expect(row).toEqual({
      id: order._id,
      userId: shopper.user.id,
      checkoutAttemptId: expect.any(String),
      status: 'placed',
      email: shippingAddress.email,
      phone: shippingAddress.phone,
      shippingAddress: { ...shippingAddress, country: 'India' },
      itemCount: 2,
      subTotalPaise: 234_800,
      discountType: 'COUPON',
      discountPaise: 30_000,
      shippingPaise: 0,
      taxPaise: 9_985,
      grandTotalPaise: 209_700,
      couponId: coupon.id,
      couponCode: coupon.code,
      codFeePaise: 4_900,
      paymentMethod: 'cod',
      paymentStatus: 'pending',
      paymentCollectedAt: null,
      razorpayOrderId: null,
      razorpayPaymentId: null,
      invoiceNumber: `RM/${fy}/${serial}`,
      invoiceDue: false,
      seller: {
        legalName: demoShopSettings.legalName,
        address: demoShopSettings.address,
        state: demoShopSettings.state,
        gstin: demoShopSettings.gstin,
      },
      restocked: false,
      storeCreditPaise: 0,
      // COD: no prepaid discount, and no advance while the shop asks for none.
      prepaidDiscountPaise: 0,
      codAdvancePaise: 0,
      codConfirmation: null,
      codConfirmBy: null,
      createdAt: now,
      updatedAt: now,
    });
    expect(serial).toMatch(/^\d{5}$/);
    const [sequence] = await t.db.select().from(documentSequences).where(eq(documentSequences.financialYear, fy));
    expect(sequence).toEqual({ series: 'invoice', financialYear: fy, last: Number(serial) });

    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order._id)).orderBy(asc(orderItems.position));
    const item = { orderId: order._id, id: expect.any(String), image: '/media/test.webp', hsn: '6211', quantity: 1 };
    // ₹300 allotted by value: 16,597 and 13,403 paise. 113,303 a piece: 5%, 91,497: 5%.
    expect(items).toEqual([
      {
        ...item,
        productId: kurta.product.id,
        variantId: kurta.bySize.M.id,
        title: 'Indigo Kurta',
        variantName: 'M',
        sku: kurta.bySize.M.sku,
        unitPricePaise: 129_900,
        lineTotalPaise: 129_900,
        position: 0,
        discountPaise: 16_597,
        taxablePaise: 107_908,
        taxRateBp: 500,
        cgstPaise: 2_698,
        sgstPaise: 2_697,
        igstPaise: 0,
      },
      {
        ...item,
        productId: dupatta.product.id,
        variantId: dupatta.bySize.Free.id,
        title: 'Silk Dupatta',
        variantName: 'Free',
        sku: dupatta.bySize.Free.sku,
        unitPricePaise: 104_900,
        lineTotalPaise: 104_900,
        position: 1,
        discountPaise: 13_403,
        taxablePaise: 87_140,
        taxRateBp: 500,
        cgstPaise: 2_179,
        sgstPaise: 2_178,
        igstPaise: 0,
      },
    ]);
    expect(await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id))).toEqual([
      {
        id: expect.any(String),
        orderId: order._id,
        status: 'placed',
        note: 'Cash on Delivery order placed',
        at: now,
        actor: 'shopper',
        actorId: shopper.user.id,
      },
    ]);
    const ledger = await t.db.select().from(inventoryLedger).where(eq(inventoryLedger.orderId, order._id));
    const ledgerRow = { id: expect.any(String), delta: -1, reason: 'sale', orderId: order._id, adminId: null, note: '', createdAt: now };
    expect(ledger.sort((a, b) => a.stockAfter - b.stockAfter)).toEqual([
      { ...ledgerRow, variantId: dupatta.bySize.Free.id, stockAfter: 1 },
      { ...ledgerRow, variantId: kurta.bySize.M.id, stockAfter: 3 },
    ]);
    const stock = await t.db
      .select({ id: variants.id, stockQty: variants.stockQty, updatedAt: variants.updatedAt })
      .from(variants)
      .where(eq(variants.productId, kurta.product.id));
    expect(stock).toEqual([{ id: kurta.bySize.M.id, stockQty: 3, updatedAt: now }]);
    expect(await stockOf(other.variantId)).toBe(3);

    const [couponAfter] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(couponAfter).toEqual({ ...coupon, used: 1, updatedAt: now });
    expect(await t.db.select().from(couponUses).where(eq(couponUses.couponId, coupon.id))).toEqual([
      { couponId: coupon.id, userId: shopper.user.id, used: 1, lastOrderId: order._id, updatedAt: now },
    ]);

    const [attempt] = await t.db.select().from(checkoutAttempts).where(eq(checkoutAttempts.id, row.checkoutAttemptId));
    const frozen = { image: '/media/test.webp', hsn: '6211', quantity: 1 };
    expect(attempt).toEqual({
      id: row.checkoutAttemptId,
      userId: shopper.user.id,
      status: 'completed',
      fromBuyNow: false,
      items: [
        {
          ...frozen,
          productId: kurta.product.id,
          variantId: kurta.bySize.M.id,
          title: 'Indigo Kurta',
          size: 'M',
          sku: kurta.bySize.M.sku,
          unitPricePaise: 129_900,
        },
        {
          ...frozen,
          productId: dupatta.product.id,
          variantId: dupatta.bySize.Free.id,
          title: 'Silk Dupatta',
          size: 'Free',
          sku: dupatta.bySize.Free.sku,
          unitPricePaise: 104_900,
        },
      ],
      itemCount: 2,
      subTotalPaise: 234_800,
      discountType: 'COUPON',
      discountPaise: 30_000,
      grandTotalPaise: 209_700,
      // No store credit spent on this order.
      storeCreditPaise: 0,
      prepaidDiscountPaise: 0,
      codAdvancePaise: 0,
      couponId: coupon.id,
      couponCode: coupon.code,
      currency: 'INR',
      shippingAddress: { ...shippingAddress, country: 'India' },
      email: shippingAddress.email,
      phone: shippingAddress.phone,
      paymentMethod: 'cod',
      idempotencyKey: expect.stringMatching(/^cart:[\w-]+:\d+$/),
      razorpayOrderId: null,
      razorpayPaymentId: null,
      orderId: order._id,
      failureReason: null,
      createdAt: expect.any(Date),
      updatedAt: now,
    });
    // The attempt's creation is the transaction's clock (the column's default), not the order's.
    expect(Math.abs(attempt.createdAt.getTime() - now.getTime())).toBeLessThan(10_000);

    // The bought lines left the cart; the other one stays.
    expect(await t.db.select({ variantId: cartItems.variantId }).from(cartItems).where(eq(cartItems.userId, shopper.user.id))).toEqual([
      { variantId: other.variantId },
    ]);
    // Delivered after the commit, maybe already (sentAt): the row as written is what matters here.
    const mails = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, shippingAddress.email)))
      .filter((m) => m.attachments.some((a) => a.kind === 'invoice' && a.orderId === order._id))
      .map(({ sentAt: _sent, ...m }) => m);
    expect(mails).toEqual([
      {
        id: expect.any(String),
        to: shippingAddress.email,
        subject: expect.stringContaining(order._id.slice(-8).toUpperCase()),
        text: [
          `Thank you for your order #${order._id.slice(-8).toUpperCase()}!`,
          '',
          '1 × Indigo Kurta (M) — ₹1,299',
          '1 × Silk Dupatta (Free) — ₹1,049',
          '',
          'Subtotal: ₹2,348',
          `Coupon ${coupon.code}: −₹300`,
          'Shipping: FREE',
          'Cash on Delivery fee: ₹49',
          'Pay on delivery: ₹2,097',
          '(incl. GST ₹99.85)',
          '',
          'Delivering to:',
          'Asha Verma',
          '12 MG Road',
          'Flat 4B',
          'Bengaluru, Karnataka 560001',
          'India',
        ].join('\n'),
        html: expect.stringContaining('Indigo Kurta'),
        attachments: [{ kind: 'invoice', orderId: order._id }],
        attempts: 1,
        nextAttemptAt: expect.any(Date),
        lastError: null,
        createdAt: expect.any(Date),
      },
    ]);
    expect(mails[0].nextAttemptAt.getTime() - mails[0].createdAt.getTime()).toBe(5 * 60_000);
  });

  it("places the order in a transaction of two statements: the shopper's lock, then the placement", async () => {
    const shopper = await createUser(t.app, t.db);
    const [coupon] = await t.db
      .insert(coupons)
      .values({ code: `ONE${Date.now() % 1_000_000}`, kind: 'flat', amountOffPaise: 30_000, maxUsesPerShopper: 1 })
      .returning();
    const log = loggingDatabase(t.db);
    const input = { items: [await oneLine(), await oneLine()], fromBuyNow: false, shippingAddress, couponCode: coupon.code };
    const placed = await placeCodOrder({ ...t.app.paymentDeps, db: log.db }, shopper.user.id, input, 'statements-1');
    expect(placed).toMatchObject({ replayed: false, order: { coupon: { code: coupon.code } } });
    // Each statement is a round trip. The attempt is written by the placement, and the
    // shopper's history is its guard (read after the lock: see cod.ts).
    const [transaction, ...others] = log.transactions();
    expect(others).toEqual([]);
    expect(transaction).toHaveLength(2);
    expect(transaction[0]).toMatch(/^select "users"\."id" from "users" where .* for update$/);
    expect(transaction[1]).toMatch(/^with guard as \(.*insert into "checkout_attempts"/);
    // The same key again: the coupon is used now, so the rules refuse the call; before refusing it
    // looks for the order an earlier call placed, and answers with it without a transaction.
    log.logged.length = 0;
    const again = await placeCodOrder({ ...t.app.paymentDeps, db: log.db }, shopper.user.id, input, 'statements-1');
    expect(again).toMatchObject({ replayed: true, order: { _id: placed.order._id } });
    expect(log.transactions()).toEqual([]);
  });

  it('ships out of state with IGST', async () => {
    const shopper = await createUser(t.app, t.db);
    const line = await oneLine(300_000);
    const address = { city: 'Mumbai', state: 'Maharashtra', pincode: '400001' };
    const { order } = (await placeCod(shopper, [line], { address })).json();
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order._id));
    // ₹3,000 less 5% = ₹2,850 a piece: 18% slab. 285,000 / 1.18 = 241,525.4 -> 241,525; IGST 43,475.
    expect(item).toMatchObject({ taxablePaise: 241_525, taxRateBp: 1800, cgstPaise: 0, sgstPaise: 0, igstPaise: 43_475 });
    expect(order.totals.tax).toBe(434.75);
  });

  it('answers the same Idempotency-Key with the same order, placed once, even when sent at once', async () => {
    const shopper = await createUser(t.app, t.db);
    const line = await oneLine(99_900, 10);
    const results = await Promise.all(Array.from({ length: 4 }, () => placeCod(shopper, [line], { key: 'checkout-7f3a' })));
    const ids = new Set(results.map((r) => r.json().order._id));
    expect(ids.size).toBe(1);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
    expect(await stockOf(line.variantId)).toBe(9);
    const again = await placeCod(shopper, [line], { key: 'checkout-7f3a' });
    expect(again.json().order._id).toBe([...ids][0]);
    // A new key is a new order.
    expect((await placeCod(shopper, [line], { key: 'checkout-8b1c' })).statusCode).toBe(201);
    expect(await stockOf(line.variantId)).toBe(8);
  });

  it('answers a repeated call with its order even when that order took the last unit', async () => {
    const shopper = await createUser(t.app, t.db);
    const line = await oneLine(99_900, 1);
    const first = await placeCod(shopper, [line], { key: 'last-unit-1' });
    expect(first.statusCode).toBe(201);
    expect(await stockOf(line.variantId)).toBe(0);
    const again = await placeCod(shopper, [line], { key: 'last-unit-1' });
    expect(again.statusCode).toBe(200);
    expect(again.json().order._id).toBe(first.json().order._id);
    // Another key is another order, and nothing is left for it.
    expect((await placeCod(shopper, [line], { key: 'last-unit-2' })).statusCode).toBe(409);
  });

  it('refuses an Idempotency-Key reused for another cart with 422, and still answers the same cart with its order', async () => {
    const shopper = await createUser(t.app, t.db);
    const line = await oneLine(149_900, 5);
    const [coupon] = await t.db
      .insert(coupons)
      .values({ code: `KEY${Date.now() % 1_000_000}`, kind: 'flat', amountOffPaise: 30_000 })
      .returning();
    const [other] = await t.db
      .insert(coupons)
      .values({ code: `KEY${(Date.now() + 1) % 1_000_000}`, kind: 'flat', amountOffPaise: 20_000 })
      .returning();
    const first = await placeCod(shopper, [line], { key: 'reused-key-1', couponCode: coupon.code });
    expect(first.statusCode).toBe(201);
    const soldOut = await oneLine(99_900, 0);
    const key = 'reused-key-1';
    const couponCode = coupon.code;
    const others = [
      () => placeCod(shopper, [{ ...line, quantity: 2 }], { key, couponCode }),
      async () => placeCod(shopper, [line, await oneLine()], { key, couponCode }),
      () => placeCod(shopper, [line], { key, couponCode, address: { line1: '7 Park Street' } }),
      () => placeCod(shopper, [line], { key, couponCode, fromBuyNow: true }),
      () => placeCod(shopper, [line], { key }),
      () => placeCod(shopper, [line], { key, couponCode: other.code }),
      // A cart the rules refuse now (its line is sold out) is still not the first call's.
      () => placeCod(shopper, [soldOut], { key, couponCode }),
    ];
    for (const other of others) {
      const res = await other();
      expect([res.statusCode, res.json().message]).toEqual([
        422,
        'This Idempotency-Key was already used for a different order. Use a new key for a new checkout.',
      ]);
    }
    expect(await stockOf(line.variantId)).toBe(4);
    expect(await t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, shopper.user.id))).toHaveLength(1);
    // The same cart again (its lines in another order, the variant left for the catalogue to pick) is the same order.
    const again = await placeCod(shopper, [{ productId: line.productId, quantity: 1 }], { key, couponCode: couponCode.toLowerCase() });
    expect([again.statusCode, again.json().order._id]).toEqual([200, first.json().order._id]);
    // And a new key is a new checkout.
    expect((await placeCod(shopper, [{ ...line, quantity: 2 }], { key: 'reused-key-2' })).statusCode).toBe(201);
  });

  it('takes the same cart submitted twice within a minute as one order', async () => {
    const shopper = await createUser(t.app, t.db);
    const line = await oneLine();
    const first = await placeCod(shopper, [line]);
    const second = await placeCod(shopper, [line]);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().order._id).toBe(first.json().order._id);
    // Another size or quantity is another order.
    expect((await placeCod(shopper, [{ ...line, quantity: 2 }])).statusCode).toBe(201);
  });

  it('refuses an order total above the limit, with the limit in the message', async () => {
    const shopper = await createUser(t.app, t.db);
    const res = await placeCod(shopper, [{ ...(await oneLine(270_000)), quantity: 2 }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Cash on Delivery is available for orders up to ₹5,000');
    await shopWith({ maxOrderTotal: 10_000 });
    expect((await placeCod(shopper, [{ ...(await oneLine(270_000)), quantity: 2 }])).statusCode).toBe(201);
  });

  it('adds the COD fee to the total and taxes it with the goods', async () => {
    await shopWith({ fee: 49 });
    const shopper = await createUser(t.app, t.db);
    const { order } = (await placeCod(shopper, [await oneLine(105_000)])).json();
    // ₹1,050 less 5% = ₹997.50 (GST ₹47.50); fee ₹49 at 5%: taxable ₹46.67, GST ₹2.33.
    expect(order.totals).toMatchObject({ discount: 52.5, codFee: 49, grandTotal: 1046.5, tax: 49.83 });
  });

  it('allows at most two undelivered COD orders per shopper', async () => {
    const shopper = await createUser(t.app, t.db);
    const first = (await placeCod(shopper, [await oneLine()])).json().order;
    await placeCod(shopper, [await oneLine()]);
    const third = await placeCod(shopper, [await oneLine()]);
    expect(third.statusCode).toBe(400);
    expect(third.json().message).toBe(
      'You already have 2 Cash on Delivery orders on the way. Please pay online, or wait for them to arrive.',
    );
    await t.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, first._id));
    expect((await placeCod(shopper, [await oneLine()])).statusCode).toBe(201);
  });

  it('holds the open-order limit when one shopper submits several carts at once', async () => {
    const shopper = await createUser(t.app, t.db);
    await placeCod(shopper, [await oneLine()]);
    const carts = await Promise.all(Array.from({ length: 4 }, () => oneLine()));
    // Each waits for the one before it on the shopper's row, then counts the orders it placed.
    const results = await Promise.all(carts.map((line) => placeCod(shopper, [line])));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400]);
    expect(await t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, shopper.user.id))).toHaveLength(2);
  });

  it('refuses COD for blocked pincodes, when switched off, and to shoppers whose COD orders came back undelivered twice', async () => {
    const shopper = await createUser(t.app, t.db);
    await shopWith({ blockedPincodes: ['560001'] });
    let res = await placeCod(shopper, [await oneLine()]);
    expect([res.statusCode, res.json().message]).toEqual([400, 'Cash on Delivery is not available for pincode 560001. Please pay online.']);
    await shopWith({ enabled: false });
    res = await placeCod(shopper, [await oneLine()]);
    expect([res.statusCode, res.json().message]).toEqual([400, 'Cash on Delivery is not available right now. Please pay online.']);
    await shopWith({ maxOpenOrders: 5 });
    // A phone and e-mail of its own: the refused-COD rule counts by them too, across accounts.
    const address = { phone: '9123400001', email: 'refused-twice@example.in' };
    const placed: string[] = [];
    for (let i = 0; i < 2; i++) placed.push((await placeCod(shopper, [await oneLine()], { address })).json().order._id);
    // The first came back after delivery (a return): it does not count; the second never arrived.
    await t.db.insert(orderEvents).values({ orderId: placed[0], status: 'delivered' });
    await t.db.update(orders).set({ status: 'returned' }).where(eq(orders.userId, shopper.user.id));
    const third = await placeCod(shopper, [await oneLine()], { address });
    expect(third.statusCode).toBe(201);
    await t.db.update(orders).set({ status: 'returned' }).where(eq(orders.id, third.json().order._id));
    res = await placeCod(shopper, [await oneLine()], { address });
    expect([res.statusCode, res.json().message]).toEqual([
      400,
      'Cash on Delivery is not available because 2 earlier Cash on Delivery orders were refused at delivery. Please pay online.',
    ]);
  });

  it('counts a coupon used on a COD order', async () => {
    const shopper = await createUser(t.app, t.db);
    const [coupon] = await t.db
      .insert(coupons)
      .values({ code: `COD${Date.now() % 1_000_000}`, kind: 'flat', amountOffPaise: 20_000, maxUses: 1 })
      .returning();
    const res = await placeCod(shopper, [await oneLine(149_900)], { couponCode: coupon.code });
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({
      discountType: 'COUPON',
      coupon: { code: coupon.code, discount: 200 },
      totals: { grandTotal: 1299 },
    });
    const [after] = await t.db.select({ used: coupons.used }).from(coupons).where(eq(coupons.id, coupon.id));
    expect(after.used).toBe(1);
    const other = await createUser(t.app, t.db);
    const refused = await placeCod(other, [await oneLine(149_900)], { couponCode: coupon.code });
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'This coupon has reached its usage limit']);
  });

  it('sells the last units once and numbers the invoices without gaps when many shoppers order at once', async () => {
    const line = await oneLine(99_900, 5);
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => createUser(t.app, t.db)));
    const results = await Promise.all(shoppers.map((s) => placeCod(s, [line])));
    const placed = results.filter((r) => r.statusCode === 201).map((r) => r.json().order);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(placed).toHaveLength(5);
    // Refused before the order's transaction when the stock was already gone (PGlite serves one at a
    // time), or by the placement's conditional update when two raced for the last units (PostgreSQL).
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toMatch(/^(Sorry, some items just sold out\. Please review your cart\.|.+ \(size M\) is out of stock)$/);
    }
    expect(await stockOf(line.variantId)).toBe(0);
    // Five consecutive numbers: a rolled-back placement used none.
    const numbers = placed.map((o) => Number(o.invoiceNumber.split('/')[2])).sort((a, b) => a - b);
    expect(numbers[4] - numbers[0]).toBe(4);
    expect(new Set(numbers).size).toBe(5);
  });

  it('marks the payment collected when the admin marks the order delivered', async () => {
    const shopper = await createUser(t.app, t.db);
    const admin = await createUser(t.app, t.db, { role: 'admin' });
    const { order } = (await placeCod(shopper, [await oneLine()])).json();
    const shipped = await t.app.inject({
      method: 'POST',
      url: `/api/orders/admin/${order._id}/shipments`,
      headers: admin.headers,
      payload: { courier: 'dtdc', awb: `COD${Date.now()}` },
    });
    expect(shipped.json().payment).toMatchObject({ method: 'cod', status: 'pending' });
    const delivered = await t.app.inject({
      method: 'POST',
      url: `/api/orders/admin/${order._id}/delivered`,
      headers: admin.headers,
      payload: {},
    });
    expect(delivered.statusCode).toBe(200);
    const mine = (await t.app.inject({ url: `/api/orders/${order._id}`, headers: shopper.headers })).json();
    expect(mine.payment).toMatchObject({ method: 'cod', status: 'collected', collectedAt: expect.any(String) });
  });

  it('asks for a sign-in and refuses a malformed Idempotency-Key', async () => {
    const guest = await t.app.inject({ method: 'POST', url: '/api/payments/cod/create-order', payload: { items: [] } });
    expect(guest.statusCode).toBe(401);
    const shopper = await createUser(t.app, t.db);
    const res = await placeCod(shopper, [await oneLine()], { key: 'has spaces' });
    expect([res.statusCode, res.json().message]).toEqual([400, 'Idempotency-Key must be 1 to 200 visible characters']);
  });
});
