import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createOrderRecord, createProduct, createUser, shippingAddress } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { orderRefunds, orders } from '../../db/schema';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.app, t.db, { role: 'admin' })).headers;
});
afterAll(() => t.close());

const ist = (wall: string) => new Date(`${wall}+05:30`);

/** A Cash on Delivery order of one piece of `variantId`, placed by the shopper signed in with `headers`. */
async function placeCod(headers: Record<string, string>, productId: string, variantId: string) {
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/payments/cod/create-order',
    headers,
    payload: { items: [{ productId, variantId, quantity: 1 }], shippingAddress: { ...shippingAddress } },
  });
  expect(placed.statusCode).toBe(201);
  return placed.json().order as { _id: string };
}

describe('GET /api/admin/dashboard', () => {
  it('sums revenue for today and this month in India time, net of refunds, leaving out cancelled orders', async () => {
    t.clock.now = ist('2024-06-16T01:30:00'); // today is 16 June in India, still 15 June in UTC
    const { user } = await createUser(t.app, t.db);
    const order = (wall: string, rupees: number, status: Parameters<typeof createOrderRecord>[1]['status'] = 'placed') =>
      createOrderRecord(t.db, {
        userId: user.id,
        status,
        createdAt: ist(wall),
        lines: [{ productId: '00000000-0000-4000-8000-000000000001', variantId: null, unitPricePaise: rupees * 100 }],
      });
    await order('2024-06-16T00:00:00', 999); // today, first instant
    await order('2024-06-16T01:00:00', 1250.5, 'delivered');
    await order('2024-06-16T01:10:00', 500, 'cancelled');
    // Returned and refunded in full: nothing kept. One item of two returned: the kept part counts.
    const returned = await order('2024-06-16T01:11:00', 700, 'returned');
    const partly = await order('2024-06-16T01:12:00', 800, 'delivered');
    const refund = (orderId: string, amountPaise: number, status: 'processed' | 'failed') =>
      t.db.insert(orderRefunds).values({
        orderId,
        amountPaise,
        reason: 'Returned items',
        source: 'return',
        status,
        method: 'razorpay',
        idempotencyKey: `test:${orderId}:${status}`,
      });
    await refund(returned.id, 70_000, 'processed');
    await refund(partly.id, 30_000, 'processed');
    await refund(partly.id, 10_000, 'failed'); // refused by Razorpay: not (yet) gone back
    await order('2024-06-15T23:59:59.999', 1500, 'shipped'); // yesterday
    await order('2024-06-01T00:00:00', 200, 'confirmed'); // first instant of the month
    await order('2024-05-31T23:59:00', 300); // last month, still in the 30-day chart
    await order('2024-05-18T00:00:00', 50); // first chart day
    await order('2024-05-17T23:59:00', 40); // before the chart

    const res = await t.app.inject({ url: '/api/admin/dashboard', headers: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.today).toEqual({ revenue: 2749.5, orders: 3 });
    expect(body.month).toEqual({ revenue: 4449.5, orders: 5 });
    expect(body.ordersByStatus).toEqual({
      placed: 4,
      confirmed: 1,
      processing: 0,
      packed: 0,
      shipped: 1,
      out_for_delivery: 0,
      delivered: 2,
      cancelled: 1,
      return_requested: 0,
      returned: 1,
      refunded: 0,
    });
    expect(body.revenueByDay).toHaveLength(30);
    expect(body.revenueByDay[0]).toEqual({ date: '2024-05-18', revenue: 50, orders: 1 });
    expect(body.revenueByDay[29]).toEqual({ date: '2024-06-16', revenue: 2749.5, orders: 3 });
    const byDate = Object.fromEntries(body.revenueByDay.map((d: { date: string; revenue: number }) => [d.date, d.revenue]));
    expect(byDate['2024-06-15']).toBe(1500);
    expect(byDate['2024-06-01']).toBe(200);
    expect(byDate['2024-05-31']).toBe(300);
    expect(byDate['2024-06-10']).toBe(0);
    const dates = body.revenueByDay.map((d: { date: string }) => d.date);
    expect(new Set(dates).size).toBe(30);
    expect([...dates].sort()).toEqual(dates);
  });

  it('counts an order paid through the Razorpay sandbox', async () => {
    t.clock.now = new Date();
    const before = (await t.app.inject({ url: '/api/admin/dashboard', headers: admin })).json();
    const shopper = await createUser(t.app, t.db);
    const { product, bySize } = await createProduct(t.db, { variants: [{ size: 'M', pricePaise: 100_000, stockQty: 7 }] });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/create-order',
      headers: shopper.headers,
      payload: {
        currency: 'INR',
        items: [{ productId: product.id, variantId: bySize.M.id, quantity: 1 }],
        fromBuyNow: true,
        shippingAddress: {
          firstName: 'Asha',
          lastName: 'Verma',
          email: 'asha@example.in',
          phone: '9876543210',
          line1: '12 MG Road',
          city: 'Bengaluru',
          state: 'Karnataka',
          pincode: '560001',
        },
      },
    });
    const paid = await t.sandbox.pay(created.json().order.id);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/verify-and-create-order',
      headers: shopper.headers,
      payload: paid,
    });
    const grandTotal = verified.json().order.totals.grandTotal; // 1000 less the 5% first-order discount
    expect(grandTotal).toBe(950);
    const after = (await t.app.inject({ url: '/api/admin/dashboard', headers: admin })).json();
    expect(after.today.orders).toBe(before.today.orders + 1);
    expect(after.today.revenue).toBeCloseTo(before.today.revenue + 950, 2);
    expect(after.ordersByStatus.placed).toBe(before.ordersByStatus.placed + 1);
    expect(after.revenueByDay[29].revenue).toBeCloseTo(before.revenueByDay[29].revenue + 950, 2);
  });

  it('counts a Cash on Delivery order in revenue only once its cash is collected, and shows what is still to collect', async () => {
    const shopper = await createUser(t.app, t.db);
    const { product, bySize } = await createProduct(t.db, { variants: [{ size: 'M', pricePaise: 100_000, stockQty: 50 }] });
    const before = (await t.app.inject({ url: '/api/admin/dashboard', headers: admin })).json();
    const order = await placeCod(shopper.headers, product.id, bySize.M.id);
    const pending = (await t.app.inject({ url: '/api/admin/dashboard', headers: admin })).json();
    expect(pending.today.orders).toBe(before.today.orders + 1);
    expect(pending.today.revenue).toBeCloseTo(before.today.revenue, 2);
    expect(pending.codToCollect).toEqual({ orders: before.codToCollect.orders + 1, amount: before.codToCollect.amount + 950 });
    await t.db.update(orders).set({ paymentStatus: 'collected', paymentCollectedAt: new Date() }).where(eq(orders.id, order._id));
    const collected = (await t.app.inject({ url: '/api/admin/dashboard', headers: admin })).json();
    expect(collected.today.revenue).toBeCloseTo(before.today.revenue + 950, 2);
    expect(collected.codToCollect).toEqual(before.codToCollect);
  });

  it('counts only the cash still to collect: a COD order part-paid with store credit or an advance owes the rest', async () => {
    const shopper = await createUser(t.app, t.db);
    const { product, bySize } = await createProduct(t.db, { variants: [{ size: 'M', pricePaise: 100_000, stockQty: 50 }] });
    const before = (await t.app.inject({ url: '/api/admin/dashboard', headers: admin })).json();
    const order = await placeCod(shopper.headers, product.id, bySize.M.id);
    // ₹950 in all: ₹200 of it paid with store credit and ₹150 in advance, so ₹600 is left to collect.
    await t.db.update(orders).set({ storeCreditPaise: 20_000, codAdvancePaise: 15_000 }).where(eq(orders.id, order._id));
    const after = (await t.app.inject({ url: '/api/admin/dashboard', headers: admin })).json();
    expect(after.codToCollect).toEqual({ orders: before.codToCollect.orders + 1, amount: before.codToCollect.amount + 600 });
  });

  it('lists active variants with 5 or fewer units, sold out first, at most 20 of each group, and counts them all', async () => {
    const { product: kurta, bySize } = await createProduct(t.db, {
      title: 'Aaa Low Kurta',
      variants: [
        { size: 'S', pricePaise: 99_900, stockQty: 5 },
        { size: 'M', pricePaise: 99_900, stockQty: 0 },
        { size: 'L', pricePaise: 99_900, stockQty: 6 },
        { size: 'XL', pricePaise: 99_900, stockQty: 1, isActive: false },
      ],
    });
    let body = (await t.app.inject({ url: '/api/admin/dashboard', headers: admin })).json();
    expect(body.lowStock).toEqual([
      { productId: kurta.id, title: 'Aaa Low Kurta', variantId: bySize.M.id, colour: null, size: 'M', sku: bySize.M.sku, stockQty: 0 },
      { productId: kurta.id, title: 'Aaa Low Kurta', variantId: bySize.S.id, colour: null, size: 'S', sku: bySize.S.sku, stockQty: 5 },
    ]);
    expect(body.lowStockCounts).toEqual({ soldOut: 1, low: 1 });
    // More sold-out sizes than the list holds: the sizes still selling (1-5 left) are listed all the same.
    const sizes = (stockQty: number) =>
      Array.from({ length: 25 }, (_, i) => ({ size: `W${String(i).padStart(2, '0')}`, pricePaise: 50_000, stockQty }));
    await createProduct(t.db, { title: 'Many Sold Out', variants: sizes(0) });
    await createProduct(t.db, { title: 'Many Sizes', variants: sizes(2) });
    body = (await t.app.inject({ url: '/api/admin/dashboard', headers: admin })).json();
    const qty: number[] = body.lowStock.map((v: { stockQty: number }) => v.stockQty);
    expect(qty.filter((q) => q === 0)).toHaveLength(20);
    expect(qty.filter((q) => q > 0)).toHaveLength(20);
    expect([...qty].sort((a, b) => a - b)).toEqual(qty);
    expect(body.lowStockCounts).toEqual({ soldOut: 26, low: 26 });
  });
});
